// Real results for the report tests: the harness run against the reference server (with
// mutants for failures) or against a server whose every string is hostile. Runs are narrowed
// to a few areas: a report test needs the verdict mix, not a whole suite, and every non-pass of
// a whole suite is run again alone to confirm it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { vi } from 'vitest';
import type { RunRequest } from '../../harness/runner/run.js';
import type { RunResults } from '../../harness/results/results.js';
import { PROJECT_ROOT, CLI_BUNDLE } from '../helpers/fixture-process.js';
import { referenceStdio, run, type ReferenceOptions } from '../helpers/harness.js';

export const BIN = CLI_BUNDLE;
export const REFERENCE_JS = path.join(PROJECT_ROOT, 'dist/test/fixtures/reference-server/main.js');
const HOSTILE_SERVER = path.join(PROJECT_ROOT, 'test/reports/fixtures/hostile-server.mjs');

/** Hooks that run suites against a server: generous, the machine is shared. */
export const RUN_TIMEOUT_MS = 240_000;

/**
 * The hostile server's checks in the report tests: MUST failures (ping, its non-JSON-RPC stdout
 * line, its initialize result off the schema), SHOULD warnings (tools, pagination), passes and
 * skips, in seconds; its whole suite takes half a minute of fresh processes and confirmations.
 * Not stdio/exit-on-stdin-close: it judges by a 3 s wait, and beside CPU load ends unstable.
 */
export const HOSTILE_CHECKS = [
  '2025-11-25/ping',
  '2025-11-25/tools',
  '2025-11-25/pagination',
  '2025-11-25/meta',
  '2025-11-25/stdio/stdout-only-jsonrpc',
  '2025-11-25/wire',
];

/** Inconclusive on the hostile server, which falls silent after unparseable bytes, so even the barrier gets no answer: an `error` verdict. */
export const HOSTILE_INCONCLUSIVE = '2025-11-25/errors/parse-error';

/**
 * The floor of the request timeout in runs with HOSTILE_INCONCLUSIVE: it waits out the timeout,
 * then twice it to confirm. The timeout still grows with the answer times of a slow machine.
 */
export const INCONCLUSIVE_TIMEOUT_MS = 1000;

/** The reference server's checks: the hostile run's areas, and a 2026-07-28 area sharing requirements with them. */
export const REFERENCE_CHECKS = [...HOSTILE_CHECKS, '2026-07-28/wire'];

/**
 * Left out of reference runs: it judges by timing (was ping answered before a busy tool call
 * ended?), and beside CPU load the reference server's first run warns and the lone run passes:
 * `unstable`, which these tests do not stage.
 */
export const REFERENCE_SKIP = ['2025-11-25/ping/while-busy'];

/**
 * Fuzz settings of the report tests. A short shrink budget: a report needs a finding, not its
 * smallest form, and the hostile server fails every case (a fresh process each), so shrinking
 * would go on for the default 30 s. A long wait for answers: the servers here answer at once,
 * and at the 2 s default a liveness probe answered late on a loaded machine is judged a finding
 * of the reference server (the fuzz harness's timing, not the server).
 */
export const REPORT_FUZZ = { shrinkBudgetMs: 500, timeoutMs: 10_000 };

/** Patterns as `run` arguments. */
export const checkArgs = (patterns: string[]) => patterns.flatMap((pattern) => ['--check', pattern]);

export function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'mcp-conform-reports-'));
}

/** The reference server's REFERENCE_CHECKS, unless the request selects others. */
export function referenceResults(
  options: ReferenceOptions = {},
  request: Partial<Omit<RunRequest, 'target'>> = {},
): Promise<RunResults> {
  return run(referenceStdio(options), { select: REFERENCE_CHECKS, skip: REFERENCE_SKIP, ...request });
}

export const hostileTarget = {
  kind: 'stdio' as const,
  command: process.execPath,
  args: [HOSTILE_SERVER],
  cwd: PROJECT_ROOT,
};

/** The hostile server's HOSTILE_CHECKS; with `inconclusive`, HOSTILE_INCONCLUSIVE too. */
export function hostileResults(
  options: { inconclusive?: boolean } = {},
  request: Partial<Omit<RunRequest, 'target'>> = {},
): Promise<RunResults> {
  if (!options.inconclusive) return run(hostileTarget, { select: HOSTILE_CHECKS, ...request });
  return run(hostileTarget, {
    select: [...HOSTILE_CHECKS, HOSTILE_INCONCLUSIVE],
    requestTimeoutMs: INCONCLUSIVE_TIMEOUT_MS,
    ...request,
  });
}

export interface CliOutcome {
  exitCode?: number;
  stdout: string;
  stderr: string;
}

export function cli(args: string[], cwd = PROJECT_ROOT): Promise<CliOutcome> {
  return execa(process.execPath, [BIN, ...args], { reject: false, cwd, env: { NO_COLOR: '1' } });
}

/**
 * The command line's main called in this process, without colour: its exit code and what it
 * wrote. For the cases past a command's end-to-end test: each start of the binary costs a second.
 */
export async function inProcess(args: string[]): Promise<CliOutcome> {
  // Loaded on first use: the files that never call it do not load the whole command line.
  const { main } = await import('../../harness/faces/cli/main.js');
  const written = { stdout: '', stderr: '' };
  const capture = (stream: 'stdout' | 'stderr') =>
    vi
      .spyOn(process[stream], 'write')
      .mockImplementation((chunk: string | Uint8Array) => ((written[stream] += String(chunk)), true));
  const spies = [capture('stdout'), capture('stderr')];
  vi.stubEnv('NO_COLOR', '1');
  vi.stubEnv('FORCE_COLOR', undefined);
  try {
    return { exitCode: await main(args), ...written };
  } finally {
    for (const spy of spies) spy.mockRestore();
    vi.unstubAllEnvs();
  }
}

/** A copy of results with one check's verdict replaced, for cases a live server cannot stage. */
export function withVerdict(
  results: RunResults,
  id: string,
  verdict: RunResults['checks'][number]['verdict'],
  reason?: string,
): RunResults {
  return {
    ...results,
    checks: results.checks.map((c) => (c.id === id ? { ...c, verdict, reason: reason ?? c.reason } : c)),
  };
}
