// Issue #32: post-run checks judged the recorder's cut evidence copy, so a 100 KB tools/list that
// carried ttlMs, cacheScope and serverInfo after its tools failed for lacking them.
import { describe, expect, test } from 'vitest';
import { explain, referenceStdio, run } from '../helpers/harness.js';

const POST_CHECKS = [
  '2026-07-28/results/cache-hints',
  '2026-07-28/results/result-type',
  '2026-07-28/meta/server-info',
  '2026-07-28/meta/meta-key-names',
];

describe('a tools/list larger than the evidence cut', () => {
  test('its hints and serverInfo are judged from the whole message: the post-run checks pass', async () => {
    const results = await run(referenceStdio({ padToolsListKb: 100 }), {
      revisions: ['2026-07-28'],
      select: POST_CHECKS,
    });
    const logged = [
      ...results.revisions.flatMap((r) => r.discoveryTranscript),
      ...results.checks.flatMap((c) => c.transcript),
    ];
    const cut = logged.filter((entry) => entry.note?.includes('message cut'));
    expect(cut.length, 'the padded tools/list was cut for evidence').toBeGreaterThan(0);
    const judged = results.checks.filter((c) => POST_CHECKS.includes(c.id));
    expect(judged.length, explain(results)).toBe(POST_CHECKS.length);
    for (const check of judged) expect(`${check.id}: ${check.verdict} ${check.reason ?? ''}`).toMatch(/: pass/);
  });
});
