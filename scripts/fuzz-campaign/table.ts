// The campaign's report: per defect, the seeds that found it and the time to first finding;
// per property, the cases run in each seed; then what no defect explains.
import type { ExpectedDefect } from './expected.js';
import type { Scored } from './score.js';

export interface SeedScore {
  seed: number;
  scored: Scored;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const pad = (cells: string[], widths: number[]) =>
  cells
    .map((c, i) => c.padEnd(widths[i]))
    .join('  ')
    .trimEnd();

function render(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => pad(r, widths));
}

/** "12.3 s schema/valid-arguments (2026-07-28)", or "missed". */
export function foundCell(scored: Scored, defect: string): string {
  const found = scored.found.get(defect);
  if (!found) return 'missed';
  const [revision, ...rest] = found.property.split('/');
  const time = found.first ? `${found.first.upperBound ? '<=' : ''}${seconds(found.first.ms)}` : '?';
  return `${time} ${rest.join('/')} (${revision})`;
}

export function defectTable(defects: ExpectedDefect[], seeds: SeedScore[]): string[] {
  const header = ['defect', 'scope', 'found', ...seeds.map((s) => `seed ${s.seed}: time to first finding, property`)];
  const rows = defects.map((d) => {
    const hits = seeds.filter((s) => s.scored.found.has(d.name)).length;
    return [d.name, d.scope, `${hits}/${seeds.length}`, ...seeds.map((s) => foundCell(s.scored, d.name))];
  });
  return render([header, ...rows]);
}

export function casesTable(seeds: SeedScore[]): string[] {
  const properties = [...new Set(seeds.flatMap((s) => [...s.scored.cases.keys()]))];
  const header = ['property', ...seeds.map((s) => `seed ${s.seed}`)];
  const rows = properties.map((p) => [p, ...seeds.map((s) => String(s.scored.cases.get(p) ?? '-'))]);
  const totals = ['total', ...seeds.map((s) => String([...s.scored.cases.values()].reduce((a, b) => a + b, 0)))];
  return render([header, ...rows, totals]);
}

/** Findings no defect explains, and silences: one line each, under the seed that had them. */
export function otherLines(seeds: SeedScore[]): string[] {
  return seeds.flatMap((s) => [
    ...s.scored.unexplained.map((u) => `seed ${s.seed}: unexplained finding ${u.property}: ${u.message.slice(0, 200)}`),
    ...s.scored.inconclusive.map((i) => `seed ${s.seed}: inconclusive ${i.slice(0, 200)}`),
  ]);
}
