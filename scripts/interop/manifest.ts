// lab.json: how one interop implementation is built and started. Validated in full before
// anything runs, so a bad manifest is one clear message, not a half-built cache.
export const LANGUAGES = ['python', 'go', 'java', 'kotlin', 'rust', 'typescript'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface LabManifest {
  id: string;
  name: string;
  language: Language;
  sdk: { package: string; version: string };
  toolchain: string[];
  build: string[][];
  stdio: string[];
  http?: { command: string[]; url: string };
  /** A protected HTTP variant trusting the authorization server at {issuer} (the cell `<id>.http-auth`). */
  auth?: { command: string[]; url: string };
  env: Record<string, string>;
}

const ID = /^[a-z0-9][a-z0-9-]*$/;
const PLACEHOLDER = /\{([^{}]*)\}/g;
/** Which placeholders each field may use: the port exists only for the HTTP server. */
const BUILD_VARS = ['src', 'out'];
const RUN_VARS = ['src', 'out'];
const HTTP_VARS = ['src', 'out', 'port'];
const AUTH_VARS = ['src', 'out', 'port', 'issuer'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isArgv = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length > 0 && value.every((part) => typeof part === 'string' && part.length > 0);

function placeholderProblems(field: string, parts: string[], allowed: string[]): string[] {
  const problems: string[] = [];
  for (const part of parts) {
    for (const match of part.matchAll(PLACEHOLDER)) {
      if (!allowed.includes(match[1]!))
        problems.push(
          `${field}: unknown placeholder {${match[1]}} (allowed here: ${allowed.map((v) => `{${v}}`).join(', ')})`,
        );
    }
  }
  return problems;
}

/** Checks a parsed lab.json found in folder `folder`; throws one Error listing every problem. */
export function validateManifest(raw: unknown, folder: string): LabManifest {
  const problems = manifestProblems(raw, folder);
  if (problems.length > 0) throw new Error(`interop/${folder}/lab.json:\n  ${problems.join('\n  ')}`);
  const { env } = raw as Record<string, unknown>;
  return { ...(raw as unknown as LabManifest), env: (env as Record<string, string> | undefined) ?? {} };
}

/** Every problem of a manifest that should describe the server with id `folder`, one line each. */
export function manifestProblems(raw: unknown, folder: string): string[] {
  const problems: string[] = [];
  if (!isObject(raw)) return ['must be a JSON object'];
  const { id, name, language, sdk, toolchain, build, stdio, http, auth, env } = raw;
  if (typeof id !== 'string' || !ID.test(id)) problems.push('id: must be lower-case [a-z0-9-]');
  else if (id !== folder) problems.push(`id: "${id}" must equal its folder name "${folder}"`);
  if (typeof name !== 'string' || name.trim() === '') problems.push('name: must be a non-empty string');
  if (typeof language !== 'string' || !(LANGUAGES as readonly string[]).includes(language))
    problems.push(`language: must be one of ${LANGUAGES.join(', ')}`);
  if (
    !isObject(sdk) ||
    typeof sdk.package !== 'string' ||
    typeof sdk.version !== 'string' ||
    sdk.package === '' ||
    sdk.version === ''
  ) {
    problems.push('sdk: must be {"package": string, "version": string}');
  }
  if (!isArgv(toolchain)) problems.push('toolchain: must be a non-empty list of command names');
  else if (toolchain.some((command) => command.includes('/'))) problems.push('toolchain: command names, not paths');
  if (!Array.isArray(build) || !build.every(isArgv))
    problems.push('build: must be a list of argv lists (may be empty)');
  else build.forEach((argv, index) => problems.push(...placeholderProblems(`build[${index}]`, argv, BUILD_VARS)));
  if (!isArgv(stdio)) problems.push('stdio: must be a non-empty argv list');
  else problems.push(...placeholderProblems('stdio', stdio, RUN_VARS));
  for (const [field, value, vars] of [
    ['http', http, HTTP_VARS],
    ['auth', auth, AUTH_VARS],
  ] as const) {
    if (value === undefined) continue;
    if (!isObject(value) || !isArgv(value.command) || typeof value.url !== 'string')
      problems.push(`${field}: must be {"command": argv, "url": string}`);
    else {
      problems.push(
        ...placeholderProblems(`${field}.command`, value.command, [...vars]),
        ...placeholderProblems(`${field}.url`, [value.url], ['port']),
      );
      if (!/^http:\/\/127\.0\.0\.1:\{port\}\//.test(value.url))
        problems.push(`${field}.url: must start with http://127.0.0.1:{port}/ (lab servers bind loopback only)`);
    }
  }
  if (env !== undefined && (!isObject(env) || !Object.values(env).every((value) => typeof value === 'string')))
    problems.push('env: must map names to strings');
  const known = new Set(['id', 'name', 'language', 'sdk', 'toolchain', 'build', 'stdio', 'http', 'auth', 'env']);
  for (const key of Object.keys(raw)) if (!known.has(key)) problems.push(`${key}: unknown field`);
  return problems;
}
