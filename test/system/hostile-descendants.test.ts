// A stdio server whose descendants hold its stdout: the run ends by itself, the exit is the
// process's own, a descendant that escaped the group is a finding and is stopped, and nothing is
// left running, SIGTERM mid-run included. A server that leaves daemons (setsid, none of its
// pipes held) has each ended with it, and the run names them.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { builtFixture } from '../helpers/fixture-process.js';
import { expectEveryReport, expectNothingLeft, runHostile } from '../helpers/hostile-run.js';

const HOSTILE_STDIO = builtFixture('fixtures/hostile/stdio-server.ts');
const DAEMONIZING = builtFixture('fixtures/hostile/daemonizing-server.ts');
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

/** Pids of running processes whose command line names a daemon of this token (/proc/<pid>/cmdline). */
function daemonsOf(token: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const line = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      const state = /\) (\S)/.exec(readFileSync(`/proc/${name}/stat`, 'utf8'))?.[1];
      if (line.startsWith('mcp-conform-daemon-') && line.includes(token) && state !== 'Z') pids.push(Number(name));
    } catch {
      /* gone meanwhile */
    }
  }
  return pids;
}

const daemonTokens: string[] = [];
afterAll(() => {
  for (const token of daemonTokens)
    for (const pid of daemonsOf(token)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone meanwhile */
      }
    }
});

describe.runIf(process.platform === 'linux')('descendants that hold none of a stdio server’s pipes (daemons)', () => {
  test.concurrent('daemons a server starts, some through a child that exits first, are ended with it: none left, and the run names them', async () => {
    const token = randomUUID();
    daemonTokens.push(token);
    const run = await runHostile([
      '--timeout',
      '2000',
      '--revision',
      '2026-07-28',
      '--check',
      '2026-07-28/stdio',
      '--check',
      '2026-07-28/lifecycle',
      '--',
      process.execPath,
      DAEMONIZING,
      // The child exits before the first walk (500 ms) can see its daemons: only their cookie finds them.
      '--child-exits-ms',
      '50',
      token,
    ]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.seconds).toBeLessThan(BOUND_SECONDS);
    const { json } = expectEveryReport(run);
    expect(json.checks.filter((check) => check.verdict !== 'pass' && check.verdict !== 'skip')).toEqual([]);
    // Up to 10 s: a SIGKILLed process takes a moment to go, more on a loaded machine.
    for (let i = 0; i < 100 && daemonsOf(token).length > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(daemonsOf(token)).toEqual([]);
    const notes = (json.revisions as Array<{ notes?: string[] }>).flatMap((revision) => revision.notes ?? []);
    const ended = notes.map((note) =>
      Number(/: ended (\d+) descendants? still running after the server exited/.exec(note)?.[1]),
    );
    // Each server process starts six (fewer when torn down while starting them); the shared one lives through the run.
    for (const count of ended) expect(count).toBeGreaterThanOrEqual(1);
    expect(ended.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(6);
    expect(notes[0]).toContain(`"mcp-conform-daemon-`);
    expect(notes[0]).toContain(token);
  });
});
