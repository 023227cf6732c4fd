// Which runs prove the mutants in `npm test`, and which only in the full proof.
//
// Each mutant runs once on its first transport (HTTP where it shows there: one server process,
// no spawn per session) over the areas its catches name plus every whole-run (phase 'post')
// check of their revisions: that proves it is caught exactly, by the checks it names and no
// other. On its other transport a mutant runs only its named checks, where that is needed for
// every check to be proven on every transport it applies to, cheapest runs first. A whole-run
// check needs its whole revision's traffic to see a defect, about 10 s a run over stdio, so
// there it is proven on the first transport only. The full proof (MUTANTS_FULL=1) runs every
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

/** The (check, transport) pairs a run on `transport` proves able to fail. */
function provenPairs(mutant: Mutant, transport: TransportKind, checkById: Map<string, Check>): string[] {
  return mutant.catches.filter((id) => checkById.get(id)?.transports.includes(transport)).map((id) => `${id}@${transport}`);
}

export const readsWholeRun = (ids: readonly string[], checkById: Map<string, Check>) => ids.some((id) => checkById.get(id)?.phase === 'post');

/** Relative cost of a named run: a mutant that stays silent waits out timeouts; stdio spawns processes. */
const namedRunCost = (mutant: Mutant, transport: TransportKind) => 1 + ((mutant.inconclusive?.length ?? 0) > 0 ? 8 : 0) + (transport === 'stdio' ? 1 : 0);

export function planMutantRuns(mutants: readonly Mutant[], checks: readonly Check[], full: boolean): Plan[] {
  const checkById = new Map(checks.map((check) => [check.id, check]));
  if (full) return mutants.flatMap((mutant) => transportsOf(mutant).map((transport) => ({ mutant, transport, scope: 'whole' as const })));
  // A fuzz-only mutant names no check: test/fuzz proves it, the full proof shows the suite passes it.
  const proven = mutants.filter((mutant) => !mutant.fuzzOnly);
  const plans: Plan[] = proven.map((mutant) => ({ mutant, transport: transportsOf(mutant)[0], scope: 'areas' }));
  const covered = new Set(plans.flatMap((plan) => provenPairs(plan.mutant, plan.transport, checkById)));
  const missing = new Set(checks.flatMap((check) => check.transports.map((transport) => `${check.id}@${transport}`)).filter((pair) => !covered.has(pair)));
  const candidates = proven
    .filter((mutant) => !readsWholeRun(mutant.catches, checkById))
    .flatMap((mutant) => transportsOf(mutant).slice(1).map((transport) => ({ mutant, transport, pairs: provenPairs(mutant, transport, checkById) })));
  // Greedy set cover: the run that proves the most missing pairs per unit of cost, until none is missing.
  while (missing.size > 0) {
    let best: (typeof candidates)[number] | undefined;
    let bestValue = 0;
    for (const candidate of candidates) {
      const gain = candidate.pairs.filter((pair) => missing.has(pair)).length;
      const value = gain / namedRunCost(candidate.mutant, candidate.transport);
      if (value > bestValue) [best, bestValue] = [candidate, value];
    }
    if (!best) break; // whole-run checks, and what no mutant can prove: the coverage tests name them
    for (const pair of best.pairs) missing.delete(pair);
    candidates.splice(candidates.indexOf(best), 1);
    plans.push({ mutant: best.mutant, transport: best.transport, scope: 'named' });
  }
  return plans;
}

/** The transports on which no planned run proves the check able to fail. */
export function unprovenOn(plans: readonly Plan[], checks: readonly Check[]): Map<Check, TransportKind[]> {
  const checkById = new Map(checks.map((check) => [check.id, check]));
  const proven = new Set(plans.flatMap((plan) => provenPairs(plan.mutant, plan.transport, checkById)));
  const unproven = checks.map((check) => [check, check.transports.filter((transport) => !proven.has(`${check.id}@${transport}`))] as const);
  return new Map(unproven.filter(([, transports]) => transports.length > 0));
}
