// One rule for every check that opens a subscriptions/listen: any JSON-RPC error to it is
// "listen refused". Nothing obliges a server to accept a listen (it may cap how many are open),
// so one cause gets one verdict: listen-acknowledged warns of it, every other check skips with
// the reason. -32601 is apart: the method is not there at all, and every check skips.
import { observed } from '../../../harness/checks/expect.js';
import type { CheckContext } from '../../../harness/checks/check.js';
import type { StatelessClient } from '../../../harness/lifecycles/stateless-client.js';
import { isAcknowledgmentOf, type ListenStream } from '../../../harness/lifecycles/streams.js';
import { isObject, type JsonObject } from '../../../harness/model.js';
import type { Exchange } from '../../../harness/lifecycles/exchange.js';

export const INTERNAL_ERROR = -32603;

export interface ListenRefusal {
  code: unknown;
  message: unknown;
  /** False for -32601: the server does not implement subscriptions/listen. */
  implemented: boolean;
  /** What a check that cannot open its listen skips with. */
  reason: string;
}

/** The refusal an ended listen exchange carries, or undefined when it ended without a JSON-RPC error. */
export function listenRefusal(exchange: Exchange): ListenRefusal | undefined {
  const error = exchange.response?.error;
  if (!isObject(error)) return undefined;
  if (error.code === -32601)
    return {
      code: error.code,
      message: error.message,
      implemented: false,
      reason: 'the server does not implement subscriptions/listen (-32601)',
    };
  return {
    code: error.code,
    message: error.message,
    implemented: true,
    reason: `listen refused: ${String(error.code)} ${JSON.stringify(error.message)}`,
  };
}

/** The acknowledgment check's judgement of a refusal: a warning, naming -32603 for what it is. */
export function judgeRefusal(
  ctx: Pick<CheckContext, 'warn' | 'skip'>,
  refusal: ListenRefusal,
  exchange: Exchange,
): never {
  if (!refusal.implemented) ctx.skip(refusal.reason);
  const misnamed =
    refusal.code === INTERNAL_ERROR
      ? '; -32603 is for "an unexpected condition that prevents it from fulfilling the request", not a policy such as a limit (an application-defined code outside -32768..-32000 says that)'
      : '';
  ctx.warn(
    `${refusal.reason}: nothing obliges a server to accept a listen, but no subscription check can be judged${misnamed}`,
    {
      expected: 'notifications/subscriptions/acknowledged',
      actual: observed(exchange),
    },
  );
}

/** Pauses before asking again, when a refusal may be a listen of ours the server has not yet let go. */
const RELEASE_PAUSES_MS = [100, 300, 1000];
/** Servers that have acknowledged a listen: a stdio process (its connection), or an HTTP server (the run's wire log). */
const acknowledgingServers = new WeakSet<object>();

/** What a server's cap on listens spans: one process on stdio, every connection of the run on HTTP. */
function serverOf(ctx: Pick<CheckContext, 'wire'>, client: StatelessClient): object {
  return client.transport === 'stdio' ? client.connection : ctx.wire;
}

export interface ListenAttempt {
  listen: ListenStream;
  acknowledgment?: JsonObject;
  /** The ended exchange, when no acknowledgment came. */
  exchange?: Exchange;
  refusal?: ListenRefusal;
}

/**
 * Opens a listen and waits for its acknowledgment. A server lets go of a cancelled listen only
 * once it notices the cancel, so when that server has acknowledged a listen before, a refusal
 * may be that listen still counted against its cap: it is asked again after a pause before the
 * refusal stands. A server that refuses every time gets the same verdict, later.
 */
export async function openListenSettled(
  ctx: Pick<CheckContext, 'wire' | 'requestTimeoutMs' | 'sleep'>,
  client: StatelessClient,
  open: () => ListenStream,
): Promise<ListenAttempt> {
  const server = serverOf(ctx, client);
  for (let attempt = 0; ; attempt++) {
    const listen = open();
    const acknowledgment = await listen.waitFor(isAcknowledgmentOf(listen), ctx.requestTimeoutMs);
    if (acknowledgment) {
      acknowledgingServers.add(server);
      return { listen, acknowledgment };
    }
    const exchange = await listen.cancel();
    const refusal = listenRefusal(exchange);
    const pause = RELEASE_PAUSES_MS[attempt];
    if (!refusal?.implemented || pause === undefined || !acknowledgingServers.has(server))
      return { listen, exchange, refusal };
    await ctx.sleep(pause);
  }
}
