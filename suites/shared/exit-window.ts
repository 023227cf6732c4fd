// How long a stdio server gets to exit once its stdin closes: time never decides, so the window
// grows with how slowly this server answered on this connection and with the run's request timeout.
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
