// A --check/--skip pattern that selects nothing is a typo, not an empty wish: name it and the nearest ids.
import { matchesPattern } from '../results/select.js';

/** Edit distance (insert, delete, substitute), for "did you mean". */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length];
}

/** The candidate nearest to `word` when it is a likely typo of it (3 edits or fewer), for "did you mean". */
export function nearestWithinReach(word: string, candidates: readonly string[]): string | undefined {
  const best = candidates.map((c) => [c, editDistance(word, c)] as const).sort((x, y) => x[1] - y[1])[0];
  return best && best[1] <= 3 ? best[0] : undefined;
}

/** The `count` candidates nearest to `word`, nearest first. */
export function closestOf(word: string, candidates: Iterable<string>, count = 3): string[] {
  return [...new Set(candidates)]
    .map((candidate) => [candidate, editDistance(word, candidate)] as const)
    .sort((x, y) => x[1] - y[1] || x[0].localeCompare(y[0]))
    .slice(0, count)
    .map(([candidate]) => candidate);
}

/** Every id and every group a prefix can name (`2026-07-28`, `2026-07-28/meta`, ...). */
function selectableNames(ids: readonly string[]): string[] {
  const names = new Set<string>();
  for (const id of ids) {
    const parts = id.split('/');
    for (let n = 1; n <= parts.length; n++) names.add(parts.slice(0, n).join('/'));
  }
  return [...names];
}

/** One line per pattern that matches no id: `<label> "<pattern>" matches no check; closest: ...`. */
export function unmatchedPatternProblems(
  ids: readonly string[],
  patterns: readonly string[] | undefined,
  label: string,
): string[] {
  const names = selectableNames(ids);
  return (patterns ?? [])
    .filter((pattern) => !ids.some((id) => matchesPattern(id, pattern)))
    .map(
      (pattern) =>
        `${label} ${JSON.stringify(pattern)} matches no check; closest: ${closestOf(pattern.replace(/\*/g, ''), names).join(', ')}`,
    );
}
