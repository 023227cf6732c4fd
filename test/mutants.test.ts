// Every check is proven able to fail: each mutant of the reference server is caught by exactly
// the checks it names, on every transport where it shows, and every check is some mutant's catch.
import { afterAll, describe, expect, test } from 'vitest';
import { ALL_CHECKS } from '../suites/index.js';
import { MUTANTS } from './fixtures/reference-server/mutants/index.js';
import { TRANSPORTS, type TransportKind } from '../harness/model.js';
import { BOTH, idsWith, referenceHttp, referenceStdio, run } from './helpers/harness.js';
import type { HttpFixture } from './helpers/fixture-process.js';

// MUTANTS=name1,name2 runs only those (handy while working on one area); CI runs them all.
const only = process.env.MUTANTS?.split(',').filter(Boolean);
const selected = only ? MUTANTS.filter((m) => only.some((name) => m.name.includes(name))) : MUTANTS;

const appliesOn = (id: string, transport: TransportKind) => ALL_CHECKS.find((check) => check.id === id)?.transports.includes(transport) ?? false;

describe('mutants', () => {
  const fixtures: HttpFixture[] = [];
  afterAll(async () => Promise.all(fixtures.map((f) => f.stop())));

  for (const transport of TRANSPORTS) {
    describe.concurrent(transport, () => {
      for (const mutant of selected.filter((m) => (m.transports ?? TRANSPORTS).includes(transport))) {
        test(`${mutant.name}: ${mutant.description}`, async () => {
          let target;
          const options = { mutants: [mutant.name], era: mutant.era };
          if (transport === 'stdio') target = referenceStdio(options);
          else {
            const started = await referenceHttp(options);
            fixtures.push(started.fixture);
            target = started.target;
          }
          const revisions = mutant.era === 'modern' ? ['2026-07-28' as const] : mutant.era === 'legacy' ? ['2025-11-25' as const] : BOTH;
          const results = await run(target, { revisions });
          const caught = idsWith(results, ['fail', 'warn']);
          const expected = mutant.catches.filter((id) => appliesOn(id, transport)).sort();
          if (!mutant.fuzzOnly) expect(expected.length, 'a mutant must be caught by at least one check here').toBeGreaterThan(0);
          expect(caught, results.checks.filter((c) => c.verdict !== 'pass' && c.verdict !== 'skip').map((c) => `${c.verdict} ${c.id}: ${c.reason}`).join('\n')).toEqual(expected);
          expect(idsWith(results, ['error'])).toEqual([]);
        });
      }
    });
  }

  test('every check is caught by at least one mutant on every transport it applies to', () => {
    const missing: string[] = [];
    for (const check of ALL_CHECKS) {
      for (const transport of check.transports) {
        const covered = MUTANTS.some((m) => (m.transports ?? TRANSPORTS).includes(transport) && m.catches.includes(check.id));
        if (!covered) missing.push(`${check.id} (${transport})`);
      }
    }
    expect(missing).toEqual([]);
  });

  test('mutants name only checks that exist', () => {
    const ids = new Set(ALL_CHECKS.map((check) => check.id));
    expect(MUTANTS.flatMap((m) => m.catches).filter((id) => !ids.has(id))).toEqual([]);
  });
});
