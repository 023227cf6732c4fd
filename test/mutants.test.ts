// Every check is proven able to fail: each mutant of the reference server is caught by exactly
// the checks it names, and every check is some mutant's catch on every transport it applies to.
//
// Exactness (every other check passes or skips) is proven with the whole suite of each revision
// the mutant's catches name, on its first transport (HTTP where it shows there: one server
// process, no spawn per session). On its other transport the mutant runs only the checks it names
// (their whole revision when a check that reads the whole run's traffic needs more of it), which
// proves they fail there too. MUTANTS_FULL=1 (npm run test:mutants-full) runs both revisions'
// whole suites on every transport, which also shows a defect leaking into the other revision.
import { afterAll, describe, expect, test } from 'vitest';
import { ALL_CHECKS } from '../suites/index.js';
import { MUTANTS, type Mutant } from './fixtures/reference-server/mutants/index.js';
import type { Revision, TransportKind } from '../harness/model.js';
import { BOTH, idsWith, referenceHttp, referenceStdio, run } from './helpers/harness.js';
import type { HttpFixture } from './helpers/fixture-process.js';
import type { CheckResult } from '../harness/runner/results.js';

// MUTANTS=name1,name2 runs only those (handy while working on one area); CI runs them all.
const only = process.env.MUTANTS?.split(',').filter(Boolean);
const selected = only ? MUTANTS.filter((m) => only.some((name) => m.name.includes(name))) : MUTANTS;
const everywhere = process.env.MUTANTS_FULL === '1';

const inconclusive = (check: CheckResult) => check.verdict === 'error' && check.reason?.startsWith('inconclusive:') === true;

const checkById = new Map(ALL_CHECKS.map((check) => [check.id, check]));
const appliesOn = (id: string, transport: TransportKind) => checkById.get(id)?.transports.includes(transport) ?? false;

/** A post-phase check judges the whole run's traffic; named alone, it may see too little of it. */
const readsWholeRun = (ids: string[]) => ids.some((id) => checkById.get(id)?.phase === 'post');
const revisionsOf = (ids: string[]) => [...new Set(ids.map((id) => checkById.get(id)!.revision))];

/** What the mutant's era serves, narrowed to the revisions its catches name (a fuzz-only mutant keeps both). */
function revisionsFor(mutant: Mutant): Revision[] {
  const served: Revision[] = mutant.era === 'modern' ? ['2026-07-28'] : mutant.era === 'legacy' ? ['2025-11-25'] : BOTH;
  if (everywhere || mutant.catches.length === 0) return served;
  const named = revisionsOf(mutant.catches);
  return served.filter((revision) => named.includes(revision));
}

/** Transports in the order they are tried: HTTP first, because a whole-suite run there is cheapest. */
const transportsOf = (mutant: Mutant): TransportKind[] => (['http', 'stdio'] as const).filter((t) => (mutant.transports ?? ['stdio', 'http']).includes(t));

interface Plan {
  mutant: Mutant;
  transport: TransportKind;
  wholeSuite: boolean;
}

// A fuzz-only mutant names no check, so beyond its first transport there is nothing to target.
const plans: Plan[] = selected.flatMap((mutant) =>
  transportsOf(mutant)
    .map((transport, index) => ({ mutant, transport, wholeSuite: everywhere || index === 0 }))
    .filter((plan) => plan.wholeSuite || !mutant.fuzzOnly),
);

describe('mutants', () => {
  const fixtures: HttpFixture[] = [];
  afterAll(async () => Promise.all(fixtures.map((f) => f.stop())));

  const planned = (['http', 'stdio'] as const).filter((transport) => plans.some((plan) => plan.transport === transport));
  describe.concurrent.each(planned)('%s', (transport) => {
    for (const { mutant, wholeSuite } of plans.filter((plan) => plan.transport === transport)) {
      const scope = wholeSuite ? 'whole suite' : 'its checks only';
      test(`${mutant.name} (${scope}): ${mutant.description}`, async () => {
        // Checks the mutant leaves inconclusive (its silence) are told apart from the good server too.
        const expected = [...mutant.catches, ...(mutant.inconclusive ?? [])].filter((id) => appliesOn(id, transport)).sort();
        if (!mutant.fuzzOnly) expect(expected.length, 'a mutant must be caught by at least one check here').toBeGreaterThan(0);
        let target;
        const options = { mutants: [mutant.name], era: mutant.era };
        if (transport === 'stdio') target = referenceStdio(options);
        else {
          const started = await referenceHttp(options);
          fixtures.push(started.fixture);
          target = started.target;
        }
        const revisions = revisionsFor(mutant);
        let results = await run(target, { revisions, select: wholeSuite ? undefined : expected });
        // A check that waited in vain on a mutant that never answers is inconclusive (error): time
        // is never a verdict, but the check did tell the defect apart from the good server.
        const caughtBy = (r: typeof results) => r.checks.filter((c) => c.verdict === 'fail' || c.verdict === 'warn' || inconclusive(c)).map((c) => c.id).sort();
        let caught = caughtBy(results);
        if (!wholeSuite && readsWholeRun(expected) && caught.join() !== expected.join()) {
          // The traffic that shows the defect comes from checks not named: run their revisions whole.
          results = await run(target, { revisions, select: revisionsOf(expected) });
          caught = caughtBy(results);
        }
        const explanation = results.checks
          .filter((c) => c.verdict !== 'pass' && c.verdict !== 'skip')
          .map((c) => `${c.verdict} ${c.id}: ${c.reason}`)
          .join('\n');
        expect(caught, explanation).toEqual(expected);
        expect(results.checks.filter((c) => c.verdict === 'error' && !inconclusive(c)).map((c) => c.id)).toEqual([]);
        // A check that failed beside others and passed alone is unstable: never a pass, never a catch.
        expect(idsWith(results, ['unstable']).filter((id) => expected.includes(id)), explanation).toEqual([]);
      });
    }
  });

  test('every check is caught by at least one mutant on every transport it applies to', () => {
    const missing: string[] = [];
    for (const check of ALL_CHECKS) {
      for (const transport of check.transports) {
        const covered = MUTANTS.some((m) => transportsOf(m).includes(transport) && m.catches.includes(check.id));
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
