/**
 * The environment of a process a test starts (a service's entry point, a script): this process's own,
 * so PATH and the like hold, with the test's variables on top.
 */
export function childEnvironment(variables: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...variables };
}
