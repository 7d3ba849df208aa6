/**
 * What every package's mutation run shares (see docs/testing.md). Each package has a config of its own
 * naming the code it mutates and the tests that may kill its mutants, so one package's run never
 * starts another package's slow integration suites.
 */
export function mutationConfig({
  name,
  mutate,
  testFiles,
  vitestConfig = "vitest.mutate.config.ts",
  threshold = 80,
  timeoutMS = 25_000,
}) {
  return {
    testRunner: "vitest",
    // `related` and per-test coverage: a mutant runs only the tests that executed its code.
    vitest: { configFile: vitestConfig, related: true },
    coverageAnalysis: "perTest",
    // A static mutant (a module-level constant, a message) is only seen by a fresh module load, so each
    // one reruns the package's whole suite: about half the run time for a few percent of the mutants.
    // They are listed as ignored in the report; docs/testing.md says how to include them.
    ignoreStatic: true,
    mutate: [...mutate, "!**/*.test.ts"],
    testFiles,
    // One sandbox folder per package: Stryker deletes its temp folder when done, so runs of two
    // packages at once must not share one.
    tempDirName: `.stryker-tmp/${name}`,
    ignorePatterns: ["services/*/dist", "web", "tests", "bench", "docs", "k8s", "reports", ".data"],
    reporters: ["clear-text", "progress", "html", "json"],
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
    clearTextReporter: { logTests: false },
    // 2 cores, but the integration tests spend much of their time waiting on Postgres, Redis,
    // RabbitMQ and their own timers, so a third runner keeps both cores busy.
    concurrency: 3,
    // A mutant's run that takes this much longer than the run without it counts as timed out, which
    // Stryker counts as detected. Longer than a test's own time-out (15 s, vitest.mutate.config.ts), so a
    // mutant that makes a test wait in vain fails that test instead, and only real hangs (an endless
    // loop) time out. Test times vary with the load of the shared Postgres and RabbitMQ: a shorter
    // one times out auth's suites (argon2 at every sign-up) where they would pass.
    timeoutMS,
    thresholds: { high: 90, low: threshold, break: threshold },
  };
}
