// Floods from a server: server-to-client requests while it stops reading its stdin, notifications
// queued before every answer, and answers of a hundred thousand SSE events. Replies are written no faster than the server reads (the rest
// are counted, never queued), requests and events past the first thousands are counted rather
// than logged, and the run ends by itself.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import { builtFixture, startHttpFixture, type HttpFixture } from '../helpers/fixture-process.js';
import { SHORT_WAITS, expectEveryReport, expectNothingLeft, runHostile } from '../helpers/hostile-run.js';

const HOSTILE_STDIO = builtFixture('fixtures/hostile/stdio-server.ts');
/** About 8 s alone (the flood is CPU on both sides); up to 40 s beside busy loops on a loaded machine; 90 s catches a hang. */
const BOUND_SECONDS = 90;
/** A normal run peaks near 125 MB; without backpressure this flood took 800 MB. */
const RSS_BOUND_MB = 250;

describe('floods', () => {
  test('600,000 server requests to a client whose replies the server never reads: memory bounded, the rest counted', async () => {
    const token = randomUUID();
    // The flood comes in discovery (after the third answer) and the server never answers again.
    const run = await runHostile([
      ...SHORT_WAITS,
      '--revision',
      '2026-07-28',
      '--check',
      '2026-07-28/lifecycle/discover-result',
      '--',
      process.execPath,
      HOSTILE_STDIO,
      '--request-flood',
      '600000',
      '--flood-after',
      '3',
      token,
    ]);
    expect([1, 2], run.stderr).toContain(run.exitCode); // a deaf server: inconclusive or unreachable, never a harness error
    expect(run.seconds).toBeLessThan(BOUND_SECONDS);
    expect(run.peakRssMb, `peak RSS ${run.peakRssMb.toFixed(0)} MB`).toBeLessThan(RSS_BOUND_MB);
    const { json, sizes } = expectEveryReport(run);
    for (const size of sizes) expect(size).toBeLessThan(4 * 1024 * 1024);
    expect(JSON.stringify(json)).toContain(
      'more than 1000 server requests: the rest are counted, not logged one by one',
    );
    await expectNothingLeft(token);
  });
});

describe('notification floods', () => {
  test('40,000 notifications before every answer, past the wire log cap: waits stay waits, nothing fails on time', async () => {
    const token = randomUUID();
    const run = await runHostile([
      ...SHORT_WAITS,
      '--revision',
      '2026-07-28',
      ...['errors/method-not-found', 'meta/missing-meta', 'meta/no-params', 'discover/removed-methods'].flatMap(
        (check) => ['--check', `2026-07-28/${check}`],
      ),
      '--',
      process.execPath,
      builtFixture('fixtures/hostile/notification-flood.ts'),
      '--flood',
      '40000',
      token,
    ]);
    // Answers queued behind a flood may miss the wait: inconclusive (4) or passed (0), never failed.
    expect([0, 4], run.stderr).toContain(run.exitCode);
    expect(run.seconds).toBeLessThan(BOUND_SECONDS);
    const { json } = expectEveryReport(run);
    const judged = json.checks.filter((check) => check.verdict === 'fail' || check.verdict === 'warn');
    expect(judged.map((check) => `${check.id}: ${check.reason}`)).toEqual([]);
    await expectNothingLeft(token);
  });
});

describe('SSE floods', () => {
  let fixture: HttpFixture | undefined;
  afterAll(async () => fixture?.stop());

  test('each prompts/list answer comes after 120,000 tiny events: counted past the first 2,000, the answer still read', async () => {
    fixture = await startHttpFixture(process.execPath, [
      builtFixture('fixtures/hostile/http-server.ts'),
      '--mode',
      'serve',
      '--extra',
      'event-flood',
      '--stall-on',
      'prompts/list',
    ]);
    const run = await runHostile([
      '--timeout',
      '3000',
      '--revision',
      '2026-07-28',
      '--check',
      '2026-07-28/lifecycle/discover-result',
      '--check',
      '2026-07-28/prompts/list-result',
      '--url',
      fixture.url,
    ]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.seconds).toBeLessThan(BOUND_SECONDS);
    // Before the bound: 490 MB and a 41 MB results file.
    expect(run.peakRssMb, `peak RSS ${run.peakRssMb.toFixed(0)} MB`).toBeLessThan(RSS_BOUND_MB);
    const { json, sizes } = expectEveryReport(run);
    for (const size of sizes) expect(size).toBeLessThan(4 * 1024 * 1024);
    expect(json.checks.map((check) => check.verdict)).toEqual(['pass', 'pass']);
    expect(JSON.stringify(json)).toMatch(/\d+ SSE events of this answer counted, not logged one by one/);
  });
});
