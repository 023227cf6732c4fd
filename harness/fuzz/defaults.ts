// The default budget of a fuzz run, shared by the command line, the bench and the tests that
// prove each fuzz-only mutant is found within it.
export const DEFAULT_RUNS = 100;
export const DEFAULT_SHRINK_BUDGET_MS = 30_000;
export const DEFAULT_FINDINGS_DIR = '.fuzz';
