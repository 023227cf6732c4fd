// Whether a server serves 2025-03-26 comes from what it does, not only from server/discover
// (issue #32): a dual-era server that lists only 2026-07-28 but negotiates 2025-03-26 on
// initialize MAY read a request without MCP-Protocol-Version as 2025-03-26, and is not failed for it.
import { afterAll, expect, test } from 'vitest';
import type { HttpFixture } from '../helpers/fixture-process.js';
import { explain, referenceHttp, run } from '../helpers/harness.js';

const fixtures: HttpFixture[] = [];
afterAll(async () => Promise.all(fixtures.map((f) => f.stop())));

test('a request without MCP-Protocol-Version served by a server that negotiates 2025-03-26 passes, with the reason noted', async () => {
  const { target, fixture } = await referenceHttp({ mutants: ['pv-header-optional'], discoverModernOnly: true });
  fixtures.push(fixture);
  const results = await run(target, {
    revisions: ['2026-07-28'],
    select: ['2026-07-28/http/protocol-version-header-missing'],
  });
  const [check] = results.checks;
  expect(check.verdict, explain(results)).toBe('pass');
  expect(check.notes?.join('\n')).toMatch(
    /initialize for 2025-03-26 negotiated it \(server\/discover does not list it\), so it may treat a request without the header as 2025-03-26/,
  );
});
