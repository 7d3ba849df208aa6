import { defineConfig } from "vitest/config";

// Browser tests: the built web app served by the whole product in one process, driven by a real Chromium.
// They need `npm run build -w @tubedigest/web` first and a Chromium at /usr/bin/chromium (Debian package).
export default defineConfig({
  test: {
    include: ["tests/browser/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two files at once, each with its own product (free port, own data folder) and Chromium: a file
    // spends most of its time waiting on the page, so a second one keeps the second core busy.
    maxWorkers: 2,
    // A worker keeps the product's modules loaded from one file to the next (vitest.config.ts says why);
    // each file still starts its own product and Chromium.
    isolate: false,
  },
});
