// A server that answers initialize but leaves server/discover unanswered is a legacy server, as a
// dual-era client concludes (issue #32): the run claims 2025-11-25 with no revision error, and
// the probe's silence is neither a finding of wire/requests-answered nor of the probe check.
import { expect, test } from 'vitest';
import { withStartupAllowance } from '../../harness/target.js';
import { explain, referenceStdio, run } from '../helpers/harness.js';

test('silence to server/discover with initialize answered: legacy, no revision error, no unanswered-request finding', async () => {
  const results = await run(referenceStdio({ era: 'legacy', silentToDiscover: true }), {
    select: ['2025-11-25/wire/requests-answered', '2025-11-25/lifecycle/modern-probe-not-modern'],
    requestTimeoutMs: 1000,
    // The probe is its first message, so the process has said nothing yet: a short start-up allowance.
    limits: withStartupAllowance(3000),
  });
  expect(results.error, explain(results)).toBeUndefined();
  expect(results.probe?.claimed).toEqual(['2025-11-25']);
  expect(results.revisions.map((r) => [r.revision, r.error])).toEqual([['2025-11-25', undefined]]);
  const verdicts = Object.fromEntries(results.checks.map((check) => [check.id, check.verdict]));
  expect(verdicts, explain(results)).toEqual({
    '2025-11-25/wire/requests-answered': 'pass',
    '2025-11-25/lifecycle/modern-probe-not-modern': 'pass',
  });
});
