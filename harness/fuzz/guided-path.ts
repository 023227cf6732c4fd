// How a property's runs split between the seeded phase and the guided one, and how a guided
// counterexample is named so that replay rebuilds its corpus first.
/** Share of a property's runs spent on the guided phase; the seeded runs are the rest, so --runs bounds both. */
export const GUIDED_SHARE = 0.25;
/** Below this many runs every run is seeded. */
const GUIDED_MIN_RUNS = 8;

export const guidedRunsOf = (runs: number, share = GUIDED_SHARE): number =>
  runs >= GUIDED_MIN_RUNS ? Math.floor(runs * share) : 0;

/** A counterexample of the guided phase: `g<seeded runs>:<path>` (the corpus is rebuilt by that many seeded runs first). */
export function guidedPath(seededRuns: number, path: string): string {
  return `g${seededRuns}:${path}`;
}

export function parseGuidedPath(path: string): { seededRuns: number; path: string } | undefined {
  const match = /^g(\d+):(.+)$/.exec(path);
  return match ? { seededRuns: Number(match[1]), path: match[2] } : undefined;
}
