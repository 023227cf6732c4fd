// What one run found: each finding (and SHOULD-level warning) mapped to an injected defect by
// expected.ts, the time it was first met (timing.ts), what no defect explains, and the cases
// each property ran.
import { fuzzPropertyRuns } from '../../harness/results/fuzz-results.js';
import type { RunResults } from '../../harness/results/results.js';
import { defectOf, type ExpectedDefect } from './expected.js';
import { type ConsoleLine, type FirstFinding, firstFinding, type Injection } from './timing.js';

export interface Found {
  property: string;
  message: string;
  first?: FirstFinding;
}

export interface Scored {
  found: Map<string, Found>;
  unexplained: Array<{ property: string; message: string }>;
  cases: Map<string, number>;
  /** Properties left inconclusive (silence), with their first silent case. */
  inconclusive: string[];
}

export function scoreRun(
  run: { results: RunResults; startedAt: number; lines: ConsoleLine[]; injections: Injection[] },
  expected: ExpectedDefect[],
): Scored {
  const fuzz = run.results.fuzz;
  const found = new Map<string, Found>();
  const unexplained: Scored['unexplained'] = [];
  for (const finding of [...(fuzz?.findings ?? []), ...(fuzz?.warnings ?? [])]) {
    const property = finding.id.replace(/^fuzz\//, '');
    const defect = defectOf(finding, expected);
    if (!defect) unexplained.push({ property, message: finding.message });
    else if (!found.has(defect.name))
      found.set(defect.name, {
        property,
        message: finding.message,
        first: firstFinding(property, defect.name, run),
      });
    else {
      // Found in both revisions: keep the earlier.
      const first = firstFinding(property, defect.name, run);
      const held = found.get(defect.name)!;
      if (first && (!held.first || first.ms < held.first.ms))
        found.set(defect.name, { property, message: finding.message, first });
    }
  }
  const cases = new Map(fuzzPropertyRuns(fuzz).map((p) => [p.id, p.cases]));
  const inconclusive = fuzzPropertyRuns(fuzz)
    .filter((p) => !p.finding && !p.warning && (p.undecided ?? 0) > 0)
    .map((p) => `${p.id}: ${p.undecidedExample ?? ''}`);
  return { found, unexplained, cases, inconclusive };
}
