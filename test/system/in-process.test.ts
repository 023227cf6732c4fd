// In-process mode judges as stdio does: the reference server run as an object over in-memory
// streams gets every check's verdict it gets as a child process, but for the checks that watch a
// process exit, which skip in-process with the reason saying so.
import { describe, expect, test } from 'vitest';
import { inProcessTarget } from '../../harness/target.js';
import { NO_PROCESS } from '../../harness/transports/in-process-server.js';
import type { CheckResult } from '../../harness/results/results.js';
import { referenceInProcess } from '../fixtures/reference-server/in-process.js';
import { BOTH, explain, idsWith, referenceStdio, run } from '../helpers/harness.js';

/** The checks that close a server's stdin and watch the process exit: no process in-process. */
const PROCESS_ONLY = [
  '2025-11-25/stdio/exit-on-stdin-close',
  '2026-07-28/stdio/exits-on-stdin-close',
  '2026-07-28/subscriptions/shutdown-completes-listen',
];

function verdicts(checks: CheckResult[]): Map<string, string> {
  return new Map(checks.map((check) => [check.id, check.verdict]));
}

describe('in-process mode', () => {
  test('the reference server gets the verdicts of stdio in-process, the process-only checks skipped', async () => {
    const [inProcess, stdio] = await Promise.all([
      run(inProcessTarget(referenceInProcess()), { revisions: BOTH }),
      run(referenceStdio(), { revisions: BOTH }),
    ]);
    expect(idsWith(inProcess, ['fail', 'warn', 'error', 'unstable']), explain(inProcess)).toEqual([]);
    const there = verdicts(stdio.checks);
    const differing = [...verdicts(inProcess.checks)].filter(([id, verdict]) => there.get(id) !== verdict);
    expect(differing.map(([id]) => id).sort()).toEqual(PROCESS_ONLY);
    for (const id of PROCESS_ONLY) {
      const result = inProcess.checks.find((check) => check.id === id)!;
      expect(result.verdict).toBe('skip');
      expect(result.reason).toBe(NO_PROCESS);
    }
    expect(inProcess.checks.map((check) => check.id).sort()).toEqual(stdio.checks.map((check) => check.id).sort());
    expect(inProcess.target).toEqual({ transport: 'stdio', description: 'in-process: reference server' });
    expect(inProcess.exitCode).toBe(0);
  });
});
