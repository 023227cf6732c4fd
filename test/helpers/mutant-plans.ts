// Which runs prove the mutants: in `npm test`, in CI's transport step, and in the full proof.
//
// npm test runs each mutant once on its first transport (HTTP where it shows there: one server
// process, no spawn per session) over the areas its catches name plus every whole-run (phase
// 'post') check of their revisions: that proves it is caught exactly, by the checks it names and
// no other, and every check able to fail on some transport. The transport step
// (`npm run test:mutants-transports`, run by CI after npm test) runs mutants on their other
// transport over only the checks they name, until every check is proven on every transport it
// applies to, cheapest runs first. A whole-run check named alone sees too little traffic, so
// named runs leave whole-run checks out: those are proven on the first transport only. The full
// proof (MUTANTS_FULL=1) runs every mutant on every transport over both revisions' whole suites:
// every check on every transport, and a defect leaking into another area. The check mode
// (MUTANTS_CHECK=<id or pattern>) proves one new check in minutes: below, planCheckRuns.
import type { Check } from '../../harness/checks/check.js';
import type { TransportKind } from '../../harness/model.js';
import type { Mutant } from '../fixtures/reference-server/mutants/types.js';

/**
 * whole: every check of the revisions; areas: the named areas and whole-run checks; named: the
 * named checks; target: the checks under proof only (their revisions whole, for a whole-run check).
 */
export type Scope = 'whole' | 'areas' | 'named' | 'target';

export interface Plan {
  mutant: Mutant;
  transport: TransportKind;
  scope: Scope;
  /** Check mode: the checks under proof that apply on this transport (an areas run selects them too). */
  targets?: string[];
}

export const SCOPE_TITLES: Record<Scope, string> = {
  whole: 'whole suite',
  areas: 'its areas',
  named: 'its checks only',
  target: 'the checks under proof',
};

/** A single-era mutant's server serves only its era's revision. */
const serves = (mutant: Mutant, revision: string) =>
  mutant.era === undefined || revision === (mutant.era === 'modern' ? '2026-07-28' : '2025-11-25');

/** The reference server with no mutant: in check mode the checks under proof must pass or skip on it. */
export const UNMUTATED: Mutant = { name: '', description: 'the reference server as it is', catches: [] };

/** Transports in the order they are tried: HTTP first, because a run there is cheapest. */
export const transportsOf = (mutant: Mutant): TransportKind[] =>
  (['http', 'stdio'] as const).filter((t) => (mutant.transports ?? ['stdio', 'http']).includes(t));

export const areaOf = (id: string) => id.split('/').slice(0, 2).join('/');

/** The checks the run must see fail (or end inconclusive, for a mutant's silence), sorted. */
export function expectedIn(plan: Plan, checkById: Map<string, Check>): string[] {
  const ids = [...plan.mutant.catches, ...(plan.mutant.inconclusive ?? [])].filter((id) =>
    checkById.get(id)?.transports.includes(plan.transport),
  );
  if (plan.scope === 'target') return ids.filter((id) => plan.targets?.includes(id)).sort();
  return (plan.scope === 'named' ? ids.filter((id) => checkById.get(id)?.phase !== 'post') : ids).sort();
}

/** The checks a run proves able to fail (on its transport). */
function provenChecks(plan: Plan, checkById: Map<string, Check>): string[] {
  return expectedIn(plan, checkById).filter((id) => plan.mutant.catches.includes(id));
}

/** The (check, transport) pairs a run proves able to fail. */
const provenPairs = (plan: Plan, checkById: Map<string, Check>): string[] =>
  provenChecks(plan, checkById).map((id) => `${id}@${plan.transport}`);

/** Relative cost of a named run: a mutant that stays silent waits out timeouts; stdio spawns processes. */
const namedRunCost = (mutant: Mutant, transport: TransportKind) =>
  1 + ((mutant.inconclusive?.length ?? 0) > 0 ? 8 : 0) + (transport === 'stdio' ? 1 : 0);

/**
 * tests: each mutant on its first transport over its areas, plus what proves a check no such run
 * proves anywhere (npm test). transports: the named runs on other transports that, beside the
 * tests plan, prove every check on every transport it applies to. full: every mutant, every
 * transport, whole suites.
 */
export type PlanMode = 'tests' | 'transports' | 'full';

export function planMutantRuns(mutants: readonly Mutant[], checks: readonly Check[], mode: PlanMode): Plan[] {
  const checkById = new Map(checks.map((check) => [check.id, check]));
  if (mode === 'full')
    return mutants.flatMap((mutant) =>
      transportsOf(mutant).map((transport) => ({ mutant, transport, scope: 'whole' as const })),
    );
  // A fuzz-only mutant names no check: test/fuzz proves it, the full proof shows the suite passes it.
  const proven = mutants.filter((mutant) => !mutant.fuzzOnly);
  const areaRuns: Plan[] = proven.map((mutant) => ({ mutant, transport: transportsOf(mutant)[0], scope: 'areas' }));
  const candidates = proven.flatMap((mutant) =>
    transportsOf(mutant)
      .slice(1)
      .map((transport): Plan => ({ mutant, transport, scope: 'named' })),
  );
  // The tests plan needs each check once (on any transport); the transports plan each (check, transport) pair.
  const keysOf = mode === 'tests' ? provenChecks : provenPairs;
  const needed =
    mode === 'tests'
      ? checks.map((check) => check.id)
      : checks.flatMap((check) => check.transports.map((transport) => `${check.id}@${transport}`));
  const fromTests = mode === 'tests' ? [] : planMutantRuns(mutants, checks, 'tests');
  const covered = new Set([...areaRuns, ...fromTests].flatMap((plan) => keysOf(plan, checkById)));
  const named = coverGreedily(
    candidates.filter(
      (plan) => !fromTests.some((done) => done.mutant === plan.mutant && done.transport === plan.transport),
    ),
    new Set(needed.filter((key) => !covered.has(key))),
    (plan) => keysOf(plan, checkById),
  );
  return mode === 'tests' ? [...areaRuns, ...named] : named;
}

/**
 * Check mode: what proves the checks under proof (`targets`), and that nothing else trips them.
 * - each mutant that names one, on every transport where a named check applies, over its areas
 *   (so its other catches stay exact beside the new check);
 * - every other mutant of the targets' areas, and every fuzz-only mutant, over the targets alone
 *   (their revisions whole, for a whole-run check, which needs the traffic of the others): each
 *   must leave the targets passing or skipping;
 * - the reference server without a mutant, over the targets, on each transport.
 */
export function planCheckRuns(
  mutants: readonly Mutant[],
  checks: readonly Check[],
  targetIds: readonly string[],
): Plan[] {
  const targets = checks.filter((check) => targetIds.includes(check.id));
  const areas = new Set(targets.map((check) => areaOf(check.id)));
  const targetsOn = (transport: TransportKind, mutant: Mutant) =>
    targets
      .filter((check) => check.transports.includes(transport) && serves(mutant, check.revision))
      .map((check) => check.id);
  const names = (mutant: Mutant) =>
    [...mutant.catches, ...(mutant.inconclusive ?? [])].some((id) => targetIds.includes(id));
  const concerned = mutants.filter(
    (mutant) => names(mutant) || mutant.fuzzOnly || mutant.catches.some((id) => areas.has(areaOf(id))),
  );
  const plans = concerned.flatMap((mutant) =>
    transportsOf(mutant).map(
      (transport): Plan => ({
        mutant,
        transport,
        scope: names(mutant) ? 'areas' : 'target',
        targets: targetsOn(transport, mutant),
      }),
    ),
  );
  const unmutated = (['http', 'stdio'] as const).map(
    (transport): Plan => ({ mutant: UNMUTATED, transport, scope: 'target', targets: targetsOn(transport, UNMUTATED) }),
  );
  return [...unmutated, ...plans].filter((plan) => (plan.targets?.length ?? 0) > 0);
}

/** Greedy set cover: the run that proves the most missing keys per unit of cost, until none is missing. */
function coverGreedily(candidates: Plan[], missing: Set<string>, keysOf: (plan: Plan) => string[]): Plan[] {
  const left = candidates.map((plan) => ({ plan, keys: keysOf(plan) }));
  const chosen: Plan[] = [];
  while (missing.size > 0) {
    let best: (typeof left)[number] | undefined;
    let bestValue = 0;
    for (const candidate of left) {
      const gain = candidate.keys.filter((key) => missing.has(key)).length;
      const value = gain / namedRunCost(candidate.plan.mutant, candidate.plan.transport);
      if (value > bestValue) [best, bestValue] = [candidate, value];
    }
    if (!best) break; // whole-run checks, and what no mutant can prove: the coverage tests name them
    for (const key of best.keys) missing.delete(key);
    left.splice(left.indexOf(best), 1);
    chosen.push(best.plan);
  }
  return chosen;
}

/** The transports on which no planned run proves the check able to fail. */
export function unprovenOn(plans: readonly Plan[], checks: readonly Check[]): Map<Check, TransportKind[]> {
  const checkById = new Map(checks.map((check) => [check.id, check]));
  const proven = new Set(plans.flatMap((plan) => provenPairs(plan, checkById)));
  const unproven = checks.map(
    (check) => [check, check.transports.filter((transport) => !proven.has(`${check.id}@${transport}`))] as const,
  );
  return new Map(unproven.filter(([, transports]) => transports.length > 0));
}
