// The authorization campaign against the protected reference server: every credential it makes up
// is refused (401 or 400), on both revisions; a target given no token has nothing to exercise.
import { afterAll, describe, expect, test } from 'vitest';
import type { HttpFixture } from '../../helpers/fixture-process.js';
import { referenceHttp } from '../../helpers/harness.js';
import { explainFuzz, fuzz } from './helpers.js';

const fixtures: HttpFixture[] = [];
afterAll(() => Promise.all(fixtures.map((fixture) => fixture.stop())));

const properties = (results: Awaited<ReturnType<typeof fuzz>>) =>
  (results.fuzz?.campaigns ?? []).flatMap((campaign) => campaign.properties ?? []);

describe('auth campaign', () => {
  test('the protected reference server refuses every made-up credential, on both revisions', {
    timeout: 120_000,
  }, async () => {
    const started = await referenceHttp({ protected: true });
    fixtures.push(started.fixture);
    const results = await fuzz(started.target, { select: ['auth'], runs: 40 });
    expect(explainFuzz(results)).toBe('');
    const ran = properties(results).map((p) => [p.id, p.cases >= 40]);
    expect(ran).toEqual([
      ['2026-07-28/auth/invalid-authorization', true],
      ['2025-11-25/auth/invalid-authorization', true],
    ]);
  });

  test('a target given no token skips the campaign, saying why', { timeout: 60_000 }, async () => {
    const started = await referenceHttp();
    fixtures.push(started.fixture);
    const results = await fuzz(started.target, { select: ['auth'], runs: 5, revisions: ['2026-07-28'] });
    const [only] = properties(results);
    expect(only.skipped).toMatch(/no Authorization header was given/);
    expect(only.cases).toBe(0);
  });
});
