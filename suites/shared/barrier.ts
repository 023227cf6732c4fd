// Silence proves nothing by itself: a server may be slow, not quiet. A check that passes because
// something did not come first proves that the server read the message under test: it answered
// it (HTTP: any status for the POST), or it answered a request sent after it on the same
// connection (stdio input is read in order). Without that proof the check is inconclusive.
// The same proof makes a missing answer conclusive: a message whose answer is required, read and
// left unanswered, is the server's choice (`answerRequired`), not a matter of time.
import { fail, inconclusive } from '../../harness/checks/outcome.js';
import type { Client } from '../../harness/lifecycles/client.js';
import { isObject } from '../../harness/model.js';
import type { WireEntry, WireRecorder } from '../../harness/recorder/wire-log.js';
import { describeOutcome } from '../../harness/lifecycles/profile.js';
import type { Exchange } from '../../harness/lifecycles/exchange.js';

/** A request every server answers at any time: ping in 2025-11-25 (even before initialize), server/discover in 2026-07-28. */
export function barrierMethod(client: Client): string {
  return client.revision === '2025-11-25' ? 'ping' : 'server/discover';
}

/** True when the server has said something about this exchange: a JSON-RPC response, or an HTTP answer to the POST. */
export function heard(exchange: Exchange): boolean {
  return exchange.response !== undefined || exchange.http !== undefined;
}

/**
 * Sends a request after `what` on the same connection; its answer proves the server read `what`,
 * no answer ends the check inconclusive. A server that exited on its own meanwhile did not survive
 * `what`: the check that sent it fails (by its level), the one judge of that exit, whether the
 * request after it was written before the exit or found the process gone.
 */
export async function barrier(client: Client, what: string): Promise<Exchange> {
  const method = barrierMethod(client);
  const fence = await client.request(method, {}, { barrier: true });
  const exit = fence.response === undefined ? client.exitedByItself() : undefined;
  if (exit)
    fail(`${exit} after ${what}, before it answered the ${method} sent after it`, {
      expected: `an answer to ${method}`,
      actual: exit,
    });
  if (fence.response === undefined)
    inconclusive(
      `${method}, sent after ${what} to prove the server read it, got ${describeOutcome(fence)}: silence proves nothing`,
    );
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
export async function answerOrSilence(
  client: Client,
  what: string,
  send: (signal: AbortSignal) => Promise<Exchange>,
): Promise<Exchange> {
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

/** What `answerRequired` needs of the check: its client, and the wire log it writes the proof to. */
export interface ProvingContext<C extends Client = Client> {
  client: C;
  wire: WireRecorder;
  check: { id: string };
}

/**
 * Sends a message whose answer is required and waits the full timeout for it (a server may answer
 * late and still pass). When none came, a barrier decides whose the silence is: answered (stdio,
 * with no other answer before it that could be the message's, late) or the POST given a status
 * (HTTP), the server read the message and chose not to answer, and the wait is marked `provesRead`
 * so the verdict is the check's; without the proof the wait stays a timeout and the check is
 * inconclusive.
 */
export async function answerRequired<C extends Client>(
  ctx: ProvingContext<C>,
  what: string,
  send: () => Promise<Exchange>,
): Promise<Exchange> {
  const from = ctx.wire.nextSeq;
  const heardBefore = ctx.wire.responsesOn(ctx.client.connectionName);
  const exchange = await send();
  if (!exchange.timedOut || exchange.response !== undefined) return exchange;
  const ownWaits = (entry: WireEntry) =>
    entry.seq >= from &&
    entry.timeout &&
    entry.connection === exchange.connection &&
    entry.checks?.includes(ctx.check.id);
  const waits = ctx.wire.entries.filter(ownWaits);
  const proof = exchange.http
    ? `the POST of ${what} got HTTP ${exchange.http.status}`
    : await barrierAnswer(ctx, exchange.connection, what, heardBefore);
  if (proof === undefined) return exchange;
  for (const wait of waits) {
    ctx.wire.record({
      connection: exchange.connection,
      direction: 'harness',
      kind: 'note',
      note: `${proof}: the server read ${what} and chose not to answer it`,
      provesRead: wait.seq,
      checks: [ctx.check.id],
    });
  }
  return exchange;
}

/** stdio: what proves the server read `what`: a barrier sent after it, answered with no other answer before it. */
async function barrierAnswer(
  ctx: ProvingContext,
  connection: string,
  what: string,
  heardBefore: number,
): Promise<string | undefined> {
  const method = barrierMethod(ctx.client);
  const fence = await ctx.client.request(method, {});
  if (fence.response === undefined) return undefined;
  // Any answer since the message but the fence's own may be the message's, late: not a choice to
  // stay silent. Counted by the recorder as they came, so a flood the log could not keep changes nothing.
  if (ctx.wire.responsesOn(connection) - heardBefore > 1) return undefined;
  return `${method}, sent after ${what}, was answered`;
}
