// How long a stdio server gets to exit once its stdin closes: time never decides, so the window
// grows with how slowly this server answered on this connection and with the run's request timeout,
// and a server still running past it is judged only when it is idle (exitedOrIdle).
import type { CheckContext } from '../../harness/checks/check.js';
import { slowestAnswerMs } from '../../harness/checks/wire-query.js';
import type { Client } from '../../harness/lifecycles/client.js';

/** The least a server gets: a quiet machine's "reasonable time". */
export const EXIT_FLOOR_MS = 3000;
/** Exiting (a runtime's teardown) may take several times what answering one request took. */
export const EXIT_LATENCY_FACTOR = 10;

export function exitWindowMs(slowestAnswer: number, requestTimeoutMs: number): number {
  return Math.ceil(Math.max(EXIT_FLOOR_MS, requestTimeoutMs, EXIT_LATENCY_FACTOR * slowestAnswer));
}

/** The window for the check's own connection, read from the wire log. */
export function exitWindowFor<C extends Client>(ctx: CheckContext<C>): number {
  return exitWindowMs(slowestAnswerMs(ctx.wire.entries, ctx.client.connectionName), ctx.requestTimeoutMs);
}

/** How long an unexited server is watched for CPU use, once its window is over. */
export const IDLE_PROOF_MS = 1000;

/**
 * Waits for the exit after stdin closed. Still running past the window decides nothing by time
 * alone: watched a second longer, a server that used no CPU and neither ran nor waited to run is
 * idle, not slow, and true comes back as false (the check judges it); one that was busy (a loaded
 * machine, a long teardown) ends the check inconclusive, and so does one whose activity cannot
 * be read (off Linux).
 */
export async function exitedOrIdle<C extends Client>(ctx: CheckContext<C>, window: number): Promise<boolean> {
  if (await ctx.client.exitsWithin(window)) return true;
  const before = ctx.client.serverActivity();
  if (await ctx.client.exitsWithin(IDLE_PROOF_MS)) return true;
  const after = ctx.client.serverActivity();
  if (before && after && !before.runnable && !after.runnable && after.cpuTicks === before.cpuTicks) return false;
  const why = !before || !after ? 'its CPU use could not be read' : 'it used CPU or waited for it in the second after';
  return ctx.inconclusive(
    `the server was still running ${window} ms after its stdin closed, and ${why}: busy on a slow machine or idle, time alone cannot tell`,
  );
}
