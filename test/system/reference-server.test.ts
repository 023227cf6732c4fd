// The reference server is the "good" implementation: every check passes on both transports.
import { afterAll, describe, expect, test } from 'vitest';
import { BOTH, explain, idsWith, referenceHttp, referenceStdio, run } from '../helpers/harness.js';
import type { HttpFixture } from '../helpers/fixture-process.js';

describe('reference server passes every check', () => {
  const fixtures: HttpFixture[] = [];
  afterAll(async () => Promise.all(fixtures.map((f) => f.stop())));

  test('over stdio, both revisions', async () => {
    const results = await run(referenceStdio(), { revisions: BOTH });
    expect(idsWith(results, ['fail', 'warn', 'error']), explain(results)).toEqual([]);
    expect(results.summary.pass).toBeGreaterThan(0);
    expect(results.exitCode).toBe(0);
  });

  test('over Streamable HTTP, both revisions', async () => {
    const { target, fixture } = await referenceHttp();
    fixtures.push(fixture);
    const results = await run(target, { revisions: BOTH });
    expect(idsWith(results, ['fail', 'warn', 'error']), explain(results)).toEqual([]);
    expect(results.exitCode).toBe(0);
  });

  // The probe is what these judge: one check per revision keeps them quick.
  const PROBE_ONLY = { select: ['*/lifecycle/*'] };

  test('auto mode finds both revisions the server claims', async () => {
    const results = await run(referenceStdio(), PROBE_ONLY);
    expect(results.probe?.claimed).toEqual(['2026-07-28', '2025-11-25']);
    expect(results.revisions.map((r) => r.revision)).toEqual(['2026-07-28', '2025-11-25']);
  });

  test('auto mode runs only what a single-era server claims', async () => {
    const modern = await run(referenceStdio({ era: 'modern' }), PROBE_ONLY);
    expect(modern.probe?.claimed).toEqual(['2026-07-28']);
    // The whole legacy-only run over HTTP: one server process instead of one per session.
    const { target, fixture } = await referenceHttp({ era: 'legacy' });
    fixtures.push(fixture);
    const legacy = await run(target);
    expect(legacy.probe?.claimed).toEqual(['2025-11-25']);
    expect(idsWith(legacy, ['fail', 'warn', 'error']), explain(legacy)).toEqual([]);
  });
});
