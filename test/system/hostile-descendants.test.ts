// A stdio server whose descendants hold its stdout: the run ends by itself, the exit is the
// process's own, a descendant that escaped the group is a finding and is stopped, and nothing is
// left running, SIGTERM mid-run included.
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { builtFixture } from '../helpers/fixture-process.js';
import { expectEveryReport, expectNothingLeft, runHostile } from '../helpers/hostile-run.js';

const HOSTILE_STDIO = builtFixture('fixtures/hostile/stdio-server.ts');
const EXIT_CHECKS = [
  '--revision',
  '2026-07-28,2025-11-25',
  '--check',
  '2026-07-28/stdio/exits-on-stdin-close',
  '--check',
  '2025-11-25/stdio/exit-on-stdin-close',
  '--check',
  '2026-07-28/lifecycle/discover-result',
];
const verdict = (json: { checks: Array<{ id: string; verdict: string; reason?: string }> }, id: string) =>
  json.checks.find((check) => check.id === id);
/** About 10 s alone (each held stdout costs its 1 s wait, and the warnings are confirmed), 40 s beside busy loops on a loaded machine: 90 s catches a hang. */
const BOUND_SECONDS = 90;
/** These runs peak near 125 MB; a run that buffered what it waited on would not stay near it. */
const RSS_BOUND_MB = 250;

describe('descendants holding a stdio server’s stdout', () => {
  test.concurrent('a child in a session of its own keeps stdout open: "stdout still held open" is the finding, the child is stopped', async () => {
    const token = randomUUID();
    const run = await runHostile([
      '--timeout',
      '2000',
      ...EXIT_CHECKS,
      '--',
      process.execPath,
      HOSTILE_STDIO,
      '--escaped-child',
      token,
    ]);
    expect(run.exitCode, run.stderr).toBe(0); // the finding is a SHOULD: a warning
    expect(run.seconds).toBeLessThan(BOUND_SECONDS);
    expect(run.peakRssMb).toBeLessThan(RSS_BOUND_MB);
    const { json } = expectEveryReport(run);
    for (const id of ['2026-07-28/stdio/exits-on-stdin-close', '2025-11-25/stdio/exit-on-stdin-close']) {
      expect(verdict(json, id)?.verdict, id).toBe('warn');
      expect(verdict(json, id)?.reason).toMatch(/^the server exited, but stdout still held open after exit/);
    }
    expect(verdict(json, '2026-07-28/lifecycle/discover-result')?.verdict).toBe('pass');
    await expectNothingLeft(token);
  });

  test.concurrent('a child in the server’s own group holds stdout: a server that exits at once reads as exited, not as still running', async () => {
    const token = randomUUID();
    const run = await runHostile([
      '--timeout',
      '2000',
      ...EXIT_CHECKS,
      '--',
      process.execPath,
      HOSTILE_STDIO,
      '--group-child',
      token,
    ]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.seconds).toBeLessThan(BOUND_SECONDS);
    const { json } = expectEveryReport(run);
    expect(json.checks.map((check) => `${check.id} ${check.verdict} ${check.reason ?? ''}`.trim())).toEqual(
      json.checks.map((check) => `${check.id} pass`),
    );
    await expectNothingLeft(token);
  });

  test.concurrent('SIGTERM mid-run with an escaped child: a partial report marked interrupted, nothing left running', async () => {
    const token = randomUUID();
    const run = await runHostile(
      [
        '--timeout',
        '30000',
        '--revision',
        '2026-07-28',
        '--',
        process.execPath,
        HOSTILE_STDIO,
        '--escaped-child',
        '--hang-after',
        '12',
        token,
      ],
      {
        signal: { name: 'SIGTERM', whenStderr: /revision 2026-07-28: \d+ checks/ },
      },
    );
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.seconds).toBeLessThan(BOUND_SECONDS);
    expect(run.stderr).toContain('SIGTERM received');
    const { json } = expectEveryReport(run);
    expect(json.outcome).toBe('interrupted');
    await expectNothingLeft(token);
  });
});
