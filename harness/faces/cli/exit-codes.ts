// Exit statuses of the command line (harness/results/outcome.ts has them all). A harness error
// has its own, so CI can tell "the server failed a check" (1) from "mcp-conform itself could not
// finish the job" (3).
export { EXIT_HARNESS_ERROR, worstExitCode } from '../../results/outcome.js';

/** One line for stderr about an error of ours: its name, message and where it was thrown. */
export function internalErrorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.stack ?? `${error.name}: ${error.message}`;
}
