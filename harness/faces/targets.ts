// One validation of a target for every face: the CLI's flags and config file, and the library API.
// Each face turns a TargetError into its own error (a usage error, a ConformanceOptionsError).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { inProcessTarget, type TargetSpec } from '../target.js';
import type { InProcessServer } from '../transports/in-process-server.js';
import { splitCommandLine, CommandLineError } from '../transports/command-line.js';

export class TargetError extends Error {}

/** An http(s) target; `label` names the option in errors (--url, or a config file key). */
export function httpTarget(text: string, headers: Record<string, string>, label: string): TargetSpec {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TargetError(`${label} is not a valid URL: ${JSON.stringify(text)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TargetError(`${label} must be http:// or https://, not ${url.protocol}`);
  return { kind: 'http', url: url.toString(), headers };
}

/** A stdio target from a command line (split without a shell) or an argv; labels name the options in errors. */
export function stdioTarget(
  command: string | string[],
  cwd: string | undefined,
  env: Record<string, string>,
  labels: { command: string; cwd: string },
  inheritEnv = false,
): TargetSpec {
  let argv: string[];
  try {
    argv = Array.isArray(command) ? command : splitCommandLine(command);
  } catch (error) {
    if (error instanceof CommandLineError) throw new TargetError(`${labels.command}: ${error.message}`);
    throw error;
  }
  if (argv.length === 0 || argv[0] === '') throw new TargetError(`${labels.command} is empty`);
  const dir = cwd === undefined ? undefined : path.resolve(cwd);
  if (dir !== undefined && !existsSync(dir)) throw new TargetError(`${labels.cwd} directory does not exist: ${dir}`);
  return { kind: 'stdio', command: argv[0], args: argv.slice(1), cwd: dir, env, ...(inheritEnv ? { inheritEnv } : {}) };
}

/** A server object in this process; it needs a name for the reports and a connect function. */
export function inProcessServerTarget(server: InProcessServer, label: string): TargetSpec {
  if (typeof server !== 'object' || server === null || typeof server.connect !== 'function')
    throw new TargetError(`${label} must be an object with a connect(streams) function`);
  if (typeof server.name !== 'string' || server.name.trim() === '')
    throw new TargetError(`${label}.name must be a non-empty string (it names the server in reports)`);
  return inProcessTarget(server);
}
