// Floods from a server: a million server-to-client requests while it stops reading its stdin.
// Replies are written no faster than the server reads (the rest are counted, never queued), the
// requests past the first thousand are counted rather than logged, and the run ends by itself.
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { builtFixture } from './helpers/fixture-process.js';
import { expectEveryReport, expectNothingLeft, runHostile } from './helpers/hostile-run.js';

const HOSTILE_STDIO = builtFixture('fixtures/hostile/stdio-server.ts');
/** About 8 s alone (the flood is CPU on both sides); 60 s catches a hang, not a slow machine. */
const BOUND_SECONDS = 60;
/** A normal run peaks near 125 MB; without backpressure this flood took 800 MB. */
const RSS_BOUND_MB = 250;

describe('floods', () => {
  test('600,000 server requests to a client whose replies the server never reads: memory bounded, the rest counted', async () => {
    const token = randomUUID();
    // The flood comes in discovery (after the third answer) and the server never answers again.
    const run = await runHostile(['--timeout', '500', '--max-timeout', '500', '--revision', '2026-07-28', '--check', '2026-07-28/lifecycle/discover-result', '--', process.execPath, HOSTILE_STDIO, '--request-flood', '600000', '--flood-after', '3', token]);
    expect([1, 2], run.stderr).toContain(run.exitCode); // a deaf server: inconclusive or unreachable, never a harness error
    expect(run.seconds).toBeLessThan(BOUND_SECONDS);
    expect(run.peakRssMb, `peak RSS ${run.peakRssMb.toFixed(0)} MB`).toBeLessThan(RSS_BOUND_MB);
    const { json, sizes } = expectEveryReport(run);
    for (const size of sizes) expect(size).toBeLessThan(4 * 1024 * 1024);
    expect(JSON.stringify(json)).toContain('more than 1000 server requests: the rest are counted, not logged one by one');
    await expectNothingLeft(token);
  });
});
