// Long-lived traffic: a subscriptions/listen request held open while a check watches what
// arrives on it, and a watch over everything a server sends on one connection.
import { isObject, type JsonObject, type JsonRpcId } from '../model.js';
import type { WireEntry, WireRecorder } from '../recorder/wire-log.js';
import type { Exchange } from '../transports/types.js';
import { SUBSCRIPTION_ID_KEY } from './meta.js';
import type { StatelessClient } from './stateless-client.js';

export const ACKNOWLEDGED = 'notifications/subscriptions/acknowledged';

export interface Arrival {
  message: JsonObject;
  /** performance.now() when it arrived. */
  at: number;
}

/** The subscription id a message carries in `_meta` (notifications: params._meta; results: result._meta). */
export function subscriptionTag(message: JsonObject): unknown {
  const holder = isObject(message.params) ? message.params : isObject(message.result) ? message.result : undefined;
  const meta = holder && isObject(holder._meta) ? holder._meta : undefined;
  return meta?.[SUBSCRIPTION_ID_KEY];
}

export function sameIdLoosely(a: unknown, b: unknown): boolean {
  return a !== undefined && b !== undefined && String(a) === String(b);
}

export interface ListenStream {
  readonly id: JsonRpcId;
  readonly filter: JsonObject;
  /** Every message of the exchange, in order (HTTP: the stream; stdio: what arrived while it was open). */
  readonly arrivals: Arrival[];
  /** Settles when the exchange ends: a response, the stream closing, a timeout, or our cancel. */
  readonly ended: Promise<Exchange>;
  readonly open: boolean;
  /** The first arrival (so far or to come) that matches, or undefined after `ms` or once the exchange ends. */
  waitFor(predicate: (message: JsonObject) => boolean, ms: number): Promise<JsonObject | undefined>;
  /** The client cancels: HTTP closes the stream; stdio sends notifications/cancelled for the listen id. */
  cancel(): Promise<Exchange>;
}

export interface ListenOptions {
  id?: JsonRpcId;
  /** Longest the request may stay open (default 60 s); checks cancel long before. */
  timeoutMs?: number;
}

/** Sends subscriptions/listen and keeps the exchange open. */
export function openListen(client: StatelessClient, filter: JsonObject, options: ListenOptions = {}): ListenStream {
  const id = options.id ?? client.nextId();
  const arrivals: Arrival[] = [];
  const waiters = new Set<() => void>();
  const abort = new AbortController();
  let open = true;
  const ended = client
    .request(
      'subscriptions/listen',
      { notifications: filter },
      {
        id,
        timeoutMs: options.timeoutMs ?? 60_000,
        signal: abort.signal,
        onMessage: (message) => {
          arrivals.push({ message, at: performance.now() });
          for (const wake of [...waiters]) wake();
        },
      },
    )
    .finally(() => {
      open = false;
      for (const wake of [...waiters]) wake();
    });

  const waitFor = (predicate: (message: JsonObject) => boolean, ms: number) =>
    new Promise<JsonObject | undefined>((resolve) => {
      const check = () => {
        const hit = arrivals.find((arrival) => predicate(arrival.message));
        if (hit || !open) {
          finish(hit?.message);
          return true;
        }
        return false;
      };
      const timer = setTimeout(() => finish(undefined), ms);
      const finish = (value: JsonObject | undefined) => {
        clearTimeout(timer);
        waiters.delete(wake);
        resolve(value);
      };
      const wake = () => void check();
      if (!check()) waiters.add(wake);
    });

  return {
    id,
    filter,
    arrivals,
    ended,
    get open() {
      return open;
    },
    waitFor,
    async cancel() {
      abort.abort();
      if (client.transport === 'stdio')
        await client.notify('notifications/cancelled', { requestId: id, reason: 'mcp-conform: done listening' });
      return ended;
    },
  };
}

/** The acknowledgment of this listen (matched by its tag, loosely, so a mistyped tag is still found). */
export function isAcknowledgmentOf(listen: ListenStream): (message: JsonObject) => boolean {
  return (message) =>
    message.method === ACKNOWLEDGED &&
    (sameIdLoosely(subscriptionTag(message), listen.id) || subscriptionTag(message) === undefined);
}

export interface ConnectionWatch {
  /** Server messages recorded on the connection since the watch began. */
  readonly entries: WireEntry[];
  stop(): void;
}

/** Records every server->client message on one connection from now on (e.g. after a cancel). */
export function watchConnection(wire: WireRecorder, connection: string): ConnectionWatch {
  const entries: WireEntry[] = [];
  const stop = wire.subscribe((entry) => {
    if (entry.connection === connection && entry.direction === 'server->client' && entry.kind === 'message')
      entries.push(entry);
  });
  return { entries, stop };
}

/** How long a freshly started server may take to answer its first request. */
export const STARTUP_MS = 15_000;

/**
 * Waits until a new connection's server answers (server/discover), so a check's timed steps do
 * not count the server's startup. Returns whether it answered.
 */
export async function whenServing(client: StatelessClient): Promise<boolean> {
  const exchange = await client.request('server/discover', {}, { timeoutMs: STARTUP_MS });
  return exchange.response !== undefined;
}
