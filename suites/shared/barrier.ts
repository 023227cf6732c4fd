// Silence proves nothing by itself: a server may be slow, not quiet. A check that passes because
// something did not come first proves that the server read the message under test: it answered
// it (HTTP: any status for the POST), or it answered a request sent after it on the same
// connection (stdio input is read in order). Without that proof the check is inconclusive.
import { inconclusive } from '../../harness/checks/outcome.js';
import type { Client } from '../../harness/lifecycles/client.js';
import { describeOutcome } from '../../harness/lifecycles/profile.js';
import type { Exchange } from '../../harness/transports/types.js';

/** A request every server answers at any time: ping in 2025-11-25 (even before initialize), server/discover in 2026-07-28. */
export function barrierMethod(client: Client): string {
  return client.revision === '2025-11-25' ? 'ping' : 'server/discover';
}

/** True when the server has said something about this exchange: a JSON-RPC response, or an HTTP answer to the POST. */
export function heard(exchange: Exchange): boolean {
  return exchange.response !== undefined || exchange.http !== undefined;
}

/** Sends a request after `what` on the same connection; its answer proves the server read `what`, no answer ends the check inconclusive. */
export async function barrier(client: Client, what: string): Promise<Exchange> {
  const method = barrierMethod(client);
  const fence = await client.request(method, {});
  if (fence.response === undefined) inconclusive(`${method}, sent after ${what} to prove the server read it, got ${describeOutcome(fence)}: silence proves nothing`);
  return fence;
}

/**
 * stdio: an answer without an id goes to the raw send waiting for one, so an answer the server
 * still owes an earlier message (an error to notifications/initialized) would be taken for it.
 * A barrier answered first has it written before (stdio input is read in order); on HTTP each
 * POST gets its own answer.
 */
export async function fenceBeforeIdlessAnswer(client: Client, what: string): Promise<void> {
  if (client.transport === 'stdio') await barrier(client, `the messages before ${what}`);
}

/** The server has read an exchange's message: it answered it, or (stdio) it answers a barrier sent now (returned, so its answer can be told apart). */
export async function proveRead(client: Client, exchange: Exchange, what: string): Promise<Exchange | undefined> {
  if (heard(exchange)) return undefined;
  if (client.transport === 'http') inconclusive(`${what} got ${describeOutcome(exchange)}: silence proves nothing`);
  return barrier(client, what);
}

/**
 * Sends a message that may rightly go unanswered and waits for its answer only until the server
 * has answered a barrier sent right after it (stdio). On HTTP the POST's own answer is awaited.
 * The result has a response when the server answered the message before the barrier.
 */
export async function answerOrSilence(client: Client, what: string, send: (signal: AbortSignal) => Promise<Exchange>): Promise<Exchange> {
  const stop = new AbortController();
  const pending = send(stop.signal);
  if (client.transport === 'http') {
    const exchange = await pending;
    await proveRead(client, exchange, what);
    return exchange;
  }
  const fenced = barrier(client, what);
  // An answer to the message under test is written before the barrier's: no need to wait longer.
  await fenced.catch(() => undefined);
  stop.abort();
  const exchange = await pending;
  if (exchange.response === undefined) await fenced;
  return exchange;
}
