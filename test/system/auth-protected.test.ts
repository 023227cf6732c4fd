// Authorization from the resource server's side (#25, first part): a protected server that does
// everything right passes every auth check in both revisions while the rest of the run, with its
// token, goes on as usual; a server that serves requests without a token is not protected and
// the auth checks skip, saying so. The mutants in test/fixtures/reference-server/mutants/auth.ts
// prove each check able to fail.
import { afterAll, expect, test } from 'vitest';
import type { HttpFixture } from '../helpers/fixture-process.js';
import { BOTH, explain, referenceHttp, run } from '../helpers/harness.js';

const fixtures: HttpFixture[] = [];
afterAll(async () => Promise.all(fixtures.map((f) => f.stop())));

const AUTH_AND_TOOLS = ['2026-07-28/auth', '2025-11-25/auth', '2026-07-28/tools', '2025-11-25/tools'];

test('a protected server with its token: every auth check passes, and the other checks are served', async () => {
  const { target, fixture, authTokens } = await referenceHttp({ protected: true });
  fixtures.push(fixture);
  const results = await run(target, { revisions: BOTH, select: AUTH_AND_TOOLS, authTokens });
  const auth = results.checks.filter((c) => c.area === 'auth');
  expect(auth).toHaveLength(26);
  for (const check of auth) expect(check.verdict, `${check.id}: ${explain(results)}`).toBe('pass');
  const tools = results.checks.filter((c) => c.area === 'tools');
  expect(tools.filter((c) => c.verdict === 'pass').length).toBeGreaterThan(5);
  expect(
    tools.filter((c) => c.verdict === 'fail' || c.verdict === 'error'),
    explain(results),
  ).toEqual([]);
}, 120_000);

test('a server that serves requests without a token is not protected: the auth checks skip with that reason', async () => {
  const { target, fixture } = await referenceHttp();
  fixtures.push(fixture);
  const results = await run(target, { revisions: BOTH, select: ['2026-07-28/auth', '2025-11-25/auth'] });
  expect(results.checks).toHaveLength(26);
  for (const check of results.checks) {
    expect(check.verdict, explain(results)).toBe('skip');
    expect(check.reason).toContain('not protected');
  }
}, 120_000);
