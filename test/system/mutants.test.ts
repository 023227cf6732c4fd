// Every check is proven able to fail: each mutant of the reference server is caught by exactly
// the checks it names, and every check is some mutant's catch on every transport it applies to.
// Which runs prove what, in `npm test` and in the full proof: test/helpers/mutant-plans.ts.
import { afterAll, describe, expect, test } from 'vitest';
import { ALL_CHECKS } from '../../suites/index.js';
import { MUTANTS, type Mutant } from '../fixtures/reference-server/mutants/index.js';
import type { Revision, TransportKind } from '../../harness/model.js';
import { BOTH, idsWith, referenceHttp, referenceStdio, run } from '../helpers/harness.js';
import type { HttpFixture } from '../helpers/fixture-process.js';
import type { CheckResult } from '../../harness/results/results.js';
import { matchesPattern } from '../../harness/results/select.js';
import { closestOf } from '../../harness/faces/pattern-hints.js';
import {
  areaOf,
  expectedIn,
  planCheckRuns,
  planMutantRuns,
  SCOPE_TITLES,
  UNMUTATED,
  unprovenOn,
  type Plan,
  type PlanMode,
} from '../helpers/mutant-plans.js';

// MUTANTS=name1,name2 runs only those (handy while working on one area); CI runs them all.
const only = process.env.MUTANTS?.split(',').filter(Boolean);
const selected = only ? MUTANTS.filter((m) => only.some((name) => m.name.includes(name))) : MUTANTS;
const everywhere = process.env.MUTANTS_FULL === '1';
// MUTANTS_PLAN=transports: the other-transport runs CI makes after npm test (see mutant-plans.ts).
const mode: PlanMode = everywhere ? 'full' : process.env.MUTANTS_PLAN === 'transports' ? 'transports' : 'tests';
// MUTANTS_CHECK=<id or pattern>: the runs that prove a new check (npm run prove-check -- <id>).
const checkPattern = process.env.MUTANTS_CHECK?.trim() || undefined;
const underProof = checkPattern
  ? ALL_CHECKS.filter((check) => matchesPattern(check.id, checkPattern)).map((check) => check.id)
  : [];

// Less patience than other runs: a silent mutant's checks wait it out, then twice over in
// confirmation. The wait still follows the server (5x its slowest discovery answer) on a loaded
// machine. Over HTTP some mutants hold an answer behind a slow tool call: a wait that outlasts it.
const REQUEST_TIMEOUT_MS: Record<TransportKind, number> = { stdio: 2000, http: 3000 };

const inconclusive = (check: CheckResult) =>
  check.verdict === 'error' && check.reason?.startsWith('inconclusive:') === true;

const checkById = new Map(ALL_CHECKS.map((check) => [check.id, check]));
/** A post-phase check judges the whole run's traffic; in a narrower run it may see too little of it. */
const readsWholeRun = (ids: string[]) => ids.some((id) => checkById.get(id)?.phase === 'post');

const revisionsOf = (ids: string[]) => [...new Set(ids.map((id) => checkById.get(id)!.revision))];

/** What the mutant's era serves, narrowed to the revisions its catches (or the checks under proof) name; a fuzz-only mutant keeps both. */
function revisionsFor({ mutant, scope, targets = [] }: Plan): Revision[] {
  const served: Revision[] = mutant.era === 'modern' ? ['2026-07-28'] : mutant.era === 'legacy' ? ['2025-11-25'] : BOTH;
  const named = revisionsOf(scope === 'target' ? targets : [...mutant.catches, ...targets]);
  if (everywhere || named.length === 0) return served;
  return served.filter((revision) => named.includes(revision));
}

/** The checks a run of this plan selects (undefined: all of the revisions). */
function selectionFor({ scope, targets = [] }: Plan, expected: string[], revisions: Revision[]): string[] | undefined {
  if (scope === 'whole') return undefined;
  if (scope === 'named') return expected;
  // A whole-run check judges the traffic of all the others.
  if (scope === 'target') return readsWholeRun(targets) ? undefined : targets;
  const wholeRun = ALL_CHECKS.filter((check) => check.phase === 'post' && revisions.includes(check.revision)).map(
    (check) => check.id,
  );
  return [...new Set([...expected.map(areaOf), ...targets, ...wholeRun])];
}

const plans = checkPattern
  ? planCheckRuns(selected, ALL_CHECKS, underProof)
  : planMutantRuns(selected, ALL_CHECKS, mode);
const titleOf = (mutant: Mutant) => (mutant === UNMUTATED ? '(no mutant)' : mutant.name);

describe('mutants', () => {
  const fixtures: HttpFixture[] = [];
  afterAll(async () => Promise.all(fixtures.map((f) => f.stop())));

  if (checkPattern) {
    test(`MUTANTS_CHECK=${checkPattern} names checks, and some mutant catches each on every transport it applies to`, () => {
      expect(
        underProof,
        `no check matches; closest: ${closestOf(
          checkPattern,
          ALL_CHECKS.map((check) => check.id),
        ).join(', ')}`,
      ).not.toEqual([]);
      const caught = new Set(
        plans.flatMap((plan) =>
          expectedIn(plan, checkById)
            .filter((id) => plan.mutant.catches.includes(id))
            .map((id) => `${id}@${plan.transport}`),
        ),
      );
      const missing = underProof
        .flatMap((id) => checkById.get(id)!.transports.map((transport) => `${id}@${transport}`))
        .filter((key) => !caught.has(key));
      expect(
        missing,
        'write a mutant that lists the check in catches (DEVELOPERS.md, Proving a check can fail)',
      ).toEqual([]);
    });
  }

  const planned = (['http', 'stdio'] as const).filter((transport) =>
    plans.some((plan) => plan.transport === transport),
  );
  describe.concurrent.each(planned)('%s', (transport) => {
    for (const plan of plans.filter((p) => p.transport === transport)) {
      const { mutant, scope } = plan;
      test(`${titleOf(mutant)} (${SCOPE_TITLES[scope]}): ${mutant.description}`, async () => {
        // Checks the mutant leaves inconclusive (its silence) are told apart from the good server too.
        const expected = expectedIn(plan, checkById);
        if (!mutant.fuzzOnly && scope !== 'target')
          expect(expected.length, 'a mutant must be caught by at least one check here').toBeGreaterThan(0);
        let target;
        let authTokens;
        const options = { mutants: [mutant.name].filter(Boolean), era: mutant.era, protected: mutant.protected };
        if (transport === 'stdio') target = referenceStdio(options);
        else {
          const started = await referenceHttp(options);
          fixtures.push(started.fixture);
          target = started.target;
          authTokens = started.authTokens;
        }
        const revisions = revisionsFor(plan);
        let results = await run(target, {
          revisions,
          select: selectionFor(plan, expected, revisions),
          requestTimeoutMs: REQUEST_TIMEOUT_MS[transport],
          authTokens,
        });
        // A check that waited in vain on a mutant that never answers is inconclusive (error): time
        // is never a verdict, but the check did tell the defect apart from the good server.
        // A check under proof that reads the whole run runs beside every check: only it is judged.
        const judged = (id: string) => scope !== 'target' || plan.targets!.includes(id);
        const caughtBy = (r: typeof results) =>
          r.checks
            .filter((c) => judged(c.id) && (c.verdict === 'fail' || c.verdict === 'warn' || inconclusive(c)))
            .map((c) => c.id)
            .sort();
        let caught = caughtBy(results);
        if (scope !== 'whole' && scope !== 'target' && readsWholeRun(expected) && caught.join() !== expected.join()) {
          // The traffic that shows the defect comes from checks not named: run their revisions whole.
          results = await run(target, {
            revisions,
            select: revisionsOf(expected),
            requestTimeoutMs: REQUEST_TIMEOUT_MS[transport],
            authTokens,
          });
          caught = caughtBy(results);
        }
        const explanation = results.checks
          .filter((c) => c.verdict !== 'pass' && c.verdict !== 'skip')
          .map((c) => `${c.verdict} ${c.id}: ${c.reason}`)
          .join('\n');
        expect(caught, explanation).toEqual(expected);
        expect(results.checks.filter((c) => c.verdict === 'error' && !inconclusive(c)).map((c) => c.id)).toEqual([]);
        // A check that failed beside others and passed alone is unstable: never a pass, never a catch,
        // so every check the mutant does not name passes or skips.
        expect(idsWith(results, ['unstable']), explanation).toEqual([]);
      });
    }
  });

  // Both hold for the plans of all mutants, whether or not MUTANTS narrows this run.
  const labels = (unproven: Map<{ id: string }, TransportKind[]>) =>
    [...unproven].map(([check, transports]) => `${check.id} (${transports.join(', ')})`);

  test('the full proof catches every check on every transport it applies to', () => {
    expect(labels(unprovenOn(planMutantRuns(MUTANTS, ALL_CHECKS, 'full'), ALL_CHECKS))).toEqual([]);
  });

  test('npm test catches every check on some transport', () => {
    const unproven = unprovenOn(planMutantRuns(MUTANTS, ALL_CHECKS, 'tests'), ALL_CHECKS);
    expect(
      labels(new Map([...unproven].filter(([check, transports]) => transports.length === check.transports.length))),
    ).toEqual([]);
  });

  test('npm test and the transport step together catch every check on each transport, unless it reads the whole run', () => {
    const plans = [
      ...planMutantRuns(MUTANTS, ALL_CHECKS, 'tests'),
      ...planMutantRuns(MUTANTS, ALL_CHECKS, 'transports'),
    ];
    const unproven = unprovenOn(plans, ALL_CHECKS);
    expect(labels(new Map([...unproven].filter(([check]) => check.phase !== 'post')))).toEqual([]);
  });

  test('mutants name only checks that exist', () => {
    const ids = new Set(ALL_CHECKS.map((check) => check.id));
    expect(MUTANTS.flatMap((m) => m.catches).filter((id) => !ids.has(id))).toEqual([]);
  });
});
