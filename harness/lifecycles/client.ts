// What a check talks to: a revision-aware client over one connection. It builds correct
// traffic by default and lets a check bend any part of it (ids, _meta, headers, bytes).
import type { JsonObject, JsonRpcId, Revision, TransportKind } from '../model.js';
import { HttpConnection } from '../transports/http-connection.js';
import { StdioConnection } from '../transports/stdio-connection.js';
import type { Connection, Exchange, FetchedDocument, SendOptions } from '../transports/types.js';
import type { ProcessActivity } from '../transports/descendant-watch.js';
import type { MetaPatch } from './meta.js';

export interface RequestOptions {
  /** Explicit JSON-RPC id (any JSON value, to test bad ids); default: the next integer. */
  id?: unknown;
  /** Patch of `_meta` keys (2026-07-28): a value sets, `undefined` removes. */
  meta?: MetaPatch;
  /** Send `params` without `_meta` at all. */
  omitMeta?: boolean;
  /** Send no `params` member. */
  omitParams?: boolean;
  /** HTTP header overrides; null removes a header the lifecycle would send. */
  headers?: Record<string, string | null>;
  /** HTTP: query parameters added to the endpoint URL. */
  query?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
  onMessage?: (message: JsonObject) => void;
  /** For notifications: how long to collect what the server sends back. */
  collectMs?: number;
  /** The check expects no response: its timeout is not reported as an unanswered request. */
  expectSilence?: boolean;
  /** A barrier (suites/shared/barrier.ts): its loss to an exit is judged by the check that sent it. */
  barrier?: boolean;
}

export interface RawOptions {
  headers?: Record<string, string | null>;
  httpMethod?: SendOptions['httpMethod'];
  timeoutMs?: number;
  /** Wait for the first response (e.g. a parse error) instead of a fixed window. */
  expectResponse?: boolean;
  collectMs?: number;
  /** The method the bytes carry, so the response is validated against the right schema. */
  method?: string;
  signal?: AbortSignal;
}

export interface ClientDefaults {
  timeoutMs: number;
  checkId?: string;
}

const idCounters = new WeakMap<Connection, number>();

/** Ids are unique per connection so that concurrent checks never collide. */
export function nextIdFor(connection: Connection): number {
  const next = (idCounters.get(connection) ?? 0) + 1;
  idCounters.set(connection, next);
  return next;
}

export abstract class Client {
  abstract readonly revision: Revision;

  constructor(
    readonly connection: Connection,
    protected readonly defaults: ClientDefaults,
  ) {}

  get transport(): TransportKind {
    return this.connection.kind;
  }

  /** The HTTP endpoint this client talks to (undefined over stdio). */
  get endpoint(): string | undefined {
    return this.connection instanceof HttpConnection ? this.connection.target.url : undefined;
  }

  /** HTTP: a plain GET of another URL of the server (authorization metadata), bounded; undefined over stdio. */
  async fetchDocument(url: string): Promise<FetchedDocument | undefined> {
    if (!(this.connection instanceof HttpConnection)) return undefined;
    return this.connection.fetchDocument(url, { checkId: this.defaults.checkId, timeoutMs: this.defaults.timeoutMs });
  }

  get checkId(): string | undefined {
    return this.defaults.checkId;
  }

  /** The connection's name in the wire log (e.g. `stdio#3`). */
  get connectionName(): string {
    return this.connection.name;
  }

  /**
   * stdio: closes the server's stdin, the transport's shutdown signal. False on other transports,
   * and for a server in the harness's own process, which has no exit to watch (see `whyNoInputEnd`).
   */
  endInput(): boolean {
    if (this.whyNoInputEnd() !== undefined) return false;
    (this.connection as StdioConnection).process.endStdin();
    return true;
  }

  /** Why `endInput` cannot end a server process here, as a check's skip reason; undefined when it can. */
  whyNoInputEnd(): string | undefined {
    if (!(this.connection instanceof StdioConnection)) return 'not a stdio connection';
    return this.connection.process.noProcess;
  }

  /** stdio: the server's CPU time and whether it is running or waiting to run; undefined elsewhere or off Linux. */
  serverActivity(): ProcessActivity | undefined {
    return this.connection instanceof StdioConnection ? this.connection.process.activity?.() : undefined;
  }

  /** stdio: whether the server process has exited, or does within `ms`; undefined on other transports. */
  async exitsWithin(ms: number): Promise<boolean | undefined> {
    return this.connection instanceof StdioConnection ? this.connection.process.exitsWithin(ms) : undefined;
  }

  /** stdio: how the server process ended, in words (undefined while it runs, or on other transports). */
  exitDescription(): string | undefined {
    return this.connection instanceof StdioConnection && !this.connection.process.running
      ? this.connection.exitDescription()
      : undefined;
  }

  /** stdio: how the server process ended when it ended on its own, not stopped by the harness (else undefined). */
  exitedByItself(): string | undefined {
    const connection = this.connection;
    return connection instanceof StdioConnection &&
      !connection.process.running &&
      connection.process.exitStatus?.endedBy === 'self'
      ? connection.exitDescription()
      : undefined;
  }

  /** stdio, once the process has exited: the pids still holding its stdout (an escaped descendant), else undefined. */
  async stdoutHeldOpenAfterExit(): Promise<number[] | undefined> {
    if (!(this.connection instanceof StdioConnection)) return undefined;
    await this.connection.process.exited;
    return this.connection.process.heldOpenBy;
  }

  /** Ends the connection (a stdio server's process with it). */
  close(): Promise<void> {
    return this.connection.close();
  }

  nextId(): JsonRpcId {
    return nextIdFor(this.connection);
  }

  /** Builds the body of a request or notification the way this lifecycle sends it. */
  abstract buildMessage(
    method: string,
    params: JsonObject | undefined,
    options: RequestOptions,
    id: unknown,
  ): JsonObject;

  /** HTTP headers this lifecycle adds for a body (protocol version, session, method...). */
  abstract headersFor(message: JsonObject): Record<string, string>;

  request(method: string, params?: JsonObject, options: RequestOptions = {}): Promise<Exchange> {
    const id = 'id' in options ? options.id : this.nextId();
    return this.sendMessage(this.buildMessage(method, params, options, id), options);
  }

  notify(method: string, params?: JsonObject, options: RequestOptions = {}): Promise<Exchange> {
    const message = this.buildMessage(method, params, { omitMeta: true, ...options }, undefined);
    delete message.id;
    return this.sendMessage(message, { collectMs: 0, ...options });
  }

  /** Sends this exact message; headers are derived from it unless overridden. */
  sendMessage(message: JsonObject, options: RequestOptions = {}): Promise<Exchange> {
    return this.connection.send(message, {
      checkId: this.defaults.checkId,
      timeoutMs: options.timeoutMs ?? this.defaults.timeoutMs,
      headers: { ...this.headersFor(message), ...options.headers },
      query: options.query,
      signal: options.signal,
      onMessage: options.onMessage,
      collectMs: options.collectMs,
      expectSilence: options.expectSilence,
      barrier: options.barrier,
    });
  }

  sendRaw(bytes: Uint8Array | string, options: RawOptions = {}): Promise<Exchange> {
    return this.connection.sendRaw(bytes, {
      checkId: this.defaults.checkId,
      timeoutMs: options.timeoutMs ?? this.defaults.timeoutMs,
      headers: { ...this.rawHeaders(), ...options.headers },
      httpMethod: options.httpMethod,
      expectResponse: options.expectResponse,
      collectMs: options.collectMs,
      method: options.method,
      signal: options.signal,
    });
  }

  /** Headers for bytes we cannot parse: only what the lifecycle always sends. */
  protected abstract rawHeaders(): Record<string, string>;

  /** Same client state, traffic tagged with another check (and waiting this long for answers). */
  abstract bind(checkId: string, timeoutMs?: number): Client;
}
