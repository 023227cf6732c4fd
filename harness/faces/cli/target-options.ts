// Turns --stdio / --url / `-- argv` (and --cwd, --env, --inherit-env, --header) into a target, or a usage error.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TargetSpec } from '../../target.js';
import { httpTarget as checkedHttpTarget, stdioTarget as checkedStdioTarget, TargetError } from '../targets.js';

export class UsageError extends Error {}

/** The parseArgs options every command that reaches a server shares. */
export const TARGET_OPTIONS = {
  stdio: { type: 'string' },
  url: { type: 'string' },
  cwd: { type: 'string' },
  env: { type: 'string', multiple: true },
  'inherit-env': { type: 'boolean' },
  header: { type: 'string', multiple: true },
  demo: { type: 'boolean' },
} as const;

/** The command's own flags, and the server argv after `--` (which parseArgs must never see). */
export function splitServerArgv(argv: string[]): { own: string[]; serverArgv?: string[] } {
  const dashdash = argv.indexOf('--');
  return dashdash === -1 ? { own: argv } : { own: argv.slice(0, dashdash), serverArgv: argv.slice(dashdash + 1) };
}

export interface TargetFlags {
  stdio?: string;
  url?: string;
  cwd?: string;
  env?: string[];
  /** --inherit-env: the server gets the runner's whole environment, not the allow-list. */
  inheritEnv?: boolean;
  header?: string[];
  /** Arguments after `--`: the server command as argv, no quoting needed. */
  argv?: string[];
  /** --demo: the bundled reference server, asked for by name, never by omission. */
  demo?: boolean;
}

/** The parsed TARGET_OPTIONS of a command, and the server argv after `--`, as target flags. */
export function targetFlags(
  values: {
    stdio?: string;
    url?: string;
    cwd?: string;
    env?: string[];
    'inherit-env'?: boolean;
    header?: string[];
    demo?: boolean;
  },
  argv: string[] | undefined,
): TargetFlags {
  const { stdio, url, cwd, env, header, demo } = values;
  return { stdio, url, cwd, env, inheritEnv: values['inherit-env'], header, argv, demo };
}

export function parsePairs(items: string[] | undefined, separator: '=' | ':', flag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items ?? []) {
    const at = item.indexOf(separator);
    if (at <= 0) throw new UsageError(`${flag} expects NAME${separator}VALUE, got ${JSON.stringify(item)}`);
    out[item.slice(0, at).trim()] = item.slice(at + 1).trim();
  }
  return out;
}

/** --env items: NAME=VALUE sets a variable, NAME alone copies it from the runner's environment (left out when unset there). */
export function parseEnv(items: string[] | undefined, runner: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items ?? []) {
    if (item.includes('=')) {
      Object.assign(out, parsePairs([item], '=', '--env'));
      continue;
    }
    const name = item.trim();
    if (name === '') throw new UsageError('--env expects NAME=VALUE or NAME, got ""');
    const value = runner[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** The reference server shipped with the package: what --demo tests. */
export function bundledReferenceServer(): TargetSpec {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const built = path.resolve(here, '../../../test/fixtures/reference-server/main.js');
  if (existsSync(built)) return { kind: 'stdio', command: process.execPath, args: [built, '--stdio'] };
  const source = path.resolve(here, '../../../test/fixtures/reference-server/main.ts');
  return { kind: 'stdio', command: process.execPath, args: ['--import', 'tsx', source, '--stdio'] };
}

/** The shared validation (../targets.ts), its errors as usage errors. */
function usage<T>(make: () => T): T {
  try {
    return make();
  } catch (error) {
    throw error instanceof TargetError ? new UsageError(error.message) : error;
  }
}

/** An http(s) target; `label` names the option in errors (--url, or a config file key). */
export function httpTarget(text: string, headers: Record<string, string>, label = '--url'): TargetSpec {
  return usage(() => checkedHttpTarget(text, headers, label));
}

/** A stdio target from a command line or an argv; labels name the options in errors. */
export function stdioTarget(
  command: string | string[],
  cwd: string | undefined,
  env: Record<string, string>,
  labels = { command: '--stdio', cwd: '--cwd' },
  inheritEnv = false,
): TargetSpec {
  return usage(() => checkedStdioTarget(command, cwd, env, labels, inheritEnv));
}

export function targetGiven(flags: TargetFlags): boolean {
  return flags.stdio !== undefined || flags.url !== undefined || (flags.argv?.length ?? 0) > 0 || flags.demo === true;
}

/**
 * No target and no config targets: a usage error, never a run of something else (a forgotten
 * target, or `-- $UNSET`, must not come out green).
 */
export function noTargetError(command: string, flags: TargetFlags): UsageError {
  const why = flags.argv !== undefined ? '`--` is followed by no command (an unset variable?)' : 'no target given';
  return new UsageError(
    `${command}: ${why}; give --stdio "<command>", --url <url> or -- <command> [args...], ` +
      `a config file with targets (--config), or --demo to test the bundled reference server`,
  );
}

export function targetFromFlags(flags: TargetFlags): TargetSpec | undefined {
  const given = [
    flags.stdio !== undefined,
    flags.url !== undefined,
    (flags.argv?.length ?? 0) > 0,
    flags.demo === true,
  ].filter(Boolean).length;
  if (given > 1)
    throw new UsageError('give one target: --stdio "<command>", --url <url>, -- <command> <args...>, or --demo');
  if (flags.demo) {
    if (flags.header?.length || flags.cwd !== undefined || flags.env?.length || flags.inheritEnv)
      throw new UsageError('--demo takes no --cwd, --env, --inherit-env or --header');
    return bundledReferenceServer();
  }
  if (flags.header?.length && flags.url === undefined) throw new UsageError('--header applies to --url targets only');
  if ((flags.cwd !== undefined || flags.env?.length || flags.inheritEnv) && flags.url !== undefined)
    throw new UsageError('--cwd, --env and --inherit-env apply to stdio targets only');
  if (flags.url !== undefined) return httpTarget(flags.url, parsePairs(flags.header, ':', '--header'));
  const env = parseEnv(flags.env);
  const inherit = flags.inheritEnv === true;
  if (flags.argv && flags.argv.length > 0) return stdioTarget(flags.argv, flags.cwd, env, undefined, inherit);
  if (flags.stdio !== undefined) return stdioTarget(flags.stdio, flags.cwd, env, undefined, inherit);
  return undefined;
}
