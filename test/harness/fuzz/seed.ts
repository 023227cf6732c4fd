/** The seed every fixed-seed fuzz test uses (its own module: the command-line tests need no harness). */
export const FUZZ_SEED = 20260728;
