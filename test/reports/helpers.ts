// Real results for the report tests: the harness run against the reference server (with
// mutants for failures) or against a server whose every string is hostile.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import type { RunRequest } from '../../harness/runner/run.js';
import type { RunResults } from '../../harness/results/results.js';
import { PROJECT_ROOT } from '../helpers/fixture-process.js';
import { referenceStdio, run, type ReferenceOptions } from '../helpers/harness.js';

export const BIN = path.join(PROJECT_ROOT, 'dist/harness/faces/cli/bin.js');
export const REFERENCE_JS = path.join(PROJECT_ROOT, 'dist/test/fixtures/reference-server/main.js');
const HOSTILE_SERVER = path.join(PROJECT_ROOT, 'test/reports/fixtures/hostile-server.mjs');

/** Hooks that run whole suites against a server: generous, the machine is shared. */
export const RUN_TIMEOUT_MS = 240_000;

export function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'mcp-conform-reports-'));
}

export function referenceResults(options: ReferenceOptions = {}, request: Partial<Omit<RunRequest, 'target'>> = {}): Promise<RunResults> {
  return run(referenceStdio(options), request);
}

export const hostileTarget = { kind: 'stdio' as const, command: process.execPath, args: [HOSTILE_SERVER], cwd: PROJECT_ROOT };

export function hostileResults(): Promise<RunResults> {
  return run(hostileTarget);
}

export function cli(args: string[], cwd = PROJECT_ROOT) {
  return execa(process.execPath, [BIN, ...args], { reject: false, cwd, env: { NO_COLOR: '1' } });
}

/** A copy of results with one check's verdict replaced, for cases a live server cannot stage. */
export function withVerdict(results: RunResults, id: string, verdict: RunResults['checks'][number]['verdict'], reason?: string): RunResults {
  return { ...results, checks: results.checks.map((c) => (c.id === id ? { ...c, verdict, reason: reason ?? c.reason } : c)) };
}
