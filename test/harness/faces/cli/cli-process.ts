// Runs the `mcp-conform` binary the way a user does (bundled into one file: test/helpers/bundles.ts), for the CLI tests.
import { execa } from 'execa';
import { REFERENCE_BUNDLE, CLI_BUNDLE } from '../../../helpers/fixture-process.js';

export const BIN = CLI_BUNDLE;
export const REFERENCE = REFERENCE_BUNDLE;

/** The reference server as argv, optionally with a mutant switched on. */
export function referenceArgv(mutant?: string): string[] {
  return [process.execPath, REFERENCE, '--stdio', ...(mutant ? ['--mutant', mutant] : [])];
}

export function cli(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  return execa(process.execPath, [BIN, ...args], {
    reject: false,
    cwd: options.cwd,
    env: { NO_COLOR: '1', ...options.env },
  });
}
