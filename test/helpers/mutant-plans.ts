// Which runs prove the mutants in `npm test`, and which only in the full proof.
//
// Each mutant runs once on its first transport (HTTP where it shows there: one server process,
// no spawn per session) over the areas its catches name plus every whole-run (phase 'post')
// check of their revisions: that proves it is caught exactly, by the checks it names and no
// other. On its other transport a mutant runs only the checks it names, where that is needed for
// every check to be proven on every transport it applies to, cheapest runs first. A whole-run
// check named alone sees too little traffic (its whole revision costs about 10 s over stdio), so
// named runs leave whole-run checks out: those are proven on the first transport only. The full proof (MUTANTS_FULL=1) runs every
// mutant on every transport over both revisions' whole suites: every check on every transport,
// and a defect leaking into another area.
import type { Check } from '../../harness/checks/check.js';
import type { TransportKind } from '../../harness/model.js';
import type { Mutant } from '../fixtures/reference-server/mutants/types.js';

/** whole: every check of the revisions; areas: the named areas and whole-run checks; named: the named checks. */
export type Scope = 'whole' | 'areas' | 'named';

export interface Plan {
  mutant: Mutant;
  transport: TransportKind;
  scope: Scope;
}

export const SCOPE_TITLES: Record<Scope, string> = { whole: 'whole suite', areas: 'its areas', named: 'its checks only' };

/** Transports in the order they are tried: HTTP first, because a run there is cheapest. */
export const transportsOf = (mutant: Mutant): TransportKind[] => (['http', 'stdio'] as const).filter((t) => (mutant.transports ?? ['stdio', 'http']).includes(t));

export const areaOf = (id: string) => id.split('/').slice(0, 2).join('/');

/** The checks the run must see fail (or end inconclusive, for a mutant's silence), sorted. */
export function expectedIn(plan: Plan, checkById: Map<string, Check>): string[] {
  const ids = [...plan.mutant.catches, ...(plan.mutant.inconclusive ?? [])].filter((id) => checkById.get(id)?.transports.includes(plan.transport));
  return (plan.scope === 'named' ? ids.filter((id) => checkById.get(id)?.phase !== 'post') : ids).sort();
}

/** The (check, transport) pairs a run proves able to fail. */
function provenPairs(plan: Plan, checkById: Map<string, Check>): string[] {
  return expectedIn(plan, checkById)
    .filter((id) => plan.mutant.catches.includes(id))
    .map((id) => `${id}@${plan.transport}`);
}

/** Relative cost of a named run: a mutant that stays silent waits out timeouts; stdio spawns processes. */
const namedRunCost = (mutant: Mutant, transport: TransportKind) => 1 + ((mutant.inconclusive?.length ?? 0) > 0 ? 8 : 0) + (transport === 'stdio' ? 1 : 0);

export function planMutantRuns(mutants: readonly Mutant[], checks: readonly Check[], full: boolean): Plan[] {
  const checkById = new Map(checks.map((check) => [check.id, check]));
  if (full) return mutants.flatMap((mutant) => transportsOf(mutant).map((transport) => ({ mutant, transport, scope: 'whole' as const })));
  // A fuzz-only mutant names no check: test/fuzz proves it, the full proof shows the suite passes it.
  const proven = mutants.filter((mutant) => !mutant.fuzzOnly);
  const plans: Plan[] = proven.map((mutant) => ({ mutant, transport: transportsOf(mutant)[0], scope: 'areas' }));
  const covered = new Set(plans.flatMap((plan) => provenPairs(plan, checkById)));
  const missing = new Set(checks.flatMap((check) => check.transports.map((transport) => `${check.id}@${transport}`)).filter((pair) => !covered.has(pair)));
  const candidates = proven.flatMap((mutant) =>
    transportsOf(mutant)
      .slice(1)
      .map((transport) => ({ mutant, transport, scope: 'named' as const }))
      .map((plan) => ({ plan, pairs: provenPairs(plan, checkById) })),
  );
  // Greedy set cover: the run that proves the most missing pairs per unit of cost, until none is missing.
  while (missing.size > 0) {
    let best: (typeof candidates)[number] | undefined;
    let bestValue = 0;
    for (const candidate of candidates) {
      const gain = candidate.pairs.filter((pair) => missing.has(pair)).length;
      const value = gain / namedRunCost(candidate.plan.mutant, candidate.plan.transport);
      if (value > bestValue) [best, bestValue] = [candidate, value];
    }
    if (!best) break; // whole-run checks, and what no mutant can prove: the coverage tests name them
    for (const pair of best.pairs) missing.delete(pair);
    candidates.splice(candidates.indexOf(best), 1);
    plans.push(best.plan);
  }
  return plans;
}

/** The transports on which no planned run proves the check able to fail. */
export function unprovenOn(plans: readonly Plan[], checks: readonly Check[]): Map<Check, TransportKind[]> {
  const checkById = new Map(checks.map((check) => [check.id, check]));
  const proven = new Set(plans.flatMap((plan) => provenPairs(plan, checkById)));
  const unproven = checks.map((check) => [check, check.transports.filter((transport) => !proven.has(`${check.id}@${transport}`))] as const);
  return new Map(unproven.filter(([, transports]) => transports.length > 0));
}
