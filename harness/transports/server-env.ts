// What a stdio server gets of the runner's environment. A server may echo its environment into
// its answers, and reports are uploaded as artifacts: by default it gets only the variables a
// program needs to start (found on PATH, a home, a locale, a JVM), and what the user adds.
/** Passed on when the runner has them; anything else must be asked for with --env NAME. */
export const ALLOWED_VARIABLES = [
  'HOME',
  'LOGNAME',
  'PATH',
  'SHELL',
  'TERM',
  'USER',
  'LANG',
  'LC_ALL',
  'LC_CTYPE',
  'TMPDIR',
  'JAVA_HOME',
] as const;

export interface ServerEnvSpec {
  /** Variables set for the server (--env), over whatever else it gets. */
  env?: Record<string, string>;
  /** Pass the whole environment of the runner (--inherit-env), as before the allow-list. */
  inheritEnv?: boolean;
}

/** The whole environment the server is started with. */
export function serverEnvironment(
  spec: ServerEnvSpec,
  runner: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const base: Record<string, string> = {};
  const names = spec.inheritEnv ? Object.keys(runner) : ALLOWED_VARIABLES;
  for (const name of names) {
    const value = runner[name];
    if (value !== undefined) base[name] = value;
  }
  return { ...base, ...spec.env };
}

/** The names of the variables the server is started with, sorted; never their values. */
export function serverEnvironmentNames(spec: ServerEnvSpec, runner: NodeJS.ProcessEnv = process.env): string[] {
  return Object.keys(serverEnvironment(spec, runner)).sort();
}
