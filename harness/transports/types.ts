// What a transport gives the lifecycle layer: send a message or raw bytes, get an Exchange back.
import type { JsonObject, JsonRpcId, TransportKind } from '../model.js';

export interface HttpOutcome {
  status: number;
  headers: Record<string, string>;
  /** Media type without parameters, lower-cased; '' when absent. */
  contentType: string;
  bodyKind: 'json' | 'sse' | 'empty' | 'text';
  /** Body text for non-SSE bodies (capped). */
  bodyText?: string;
  /** SSE details when the body was an event stream. */
  sse?: {
    events: number;
    /** True when the stream ended by itself after the response; false when we had to cut it; undefined if no response came. */
    endedAfterResponse?: boolean;
    /** Events whose data was not one JSON object. */
    malformedEvents: number;
  };
}

export interface Exchange {
  connection: string;
  /** Id of the request we sent, if it was a request. */
  id?: JsonRpcId;
  method?: string;
  /** The JSON-RPC response that answered our id (or, for raw sends, the first response seen). */
  response?: JsonObject;
  /** The response's id had the same value but a different JSON type than the one we sent. */
  idTypeMismatch?: boolean;
  /** Notifications received as part of this exchange (HTTP: on its stream; stdio: while it was in flight). */
  notifications: JsonObject[];
  /** Every JSON-RPC message received as part of this exchange, in order. */
  messages: JsonObject[];
  /** Notifications past the bound of exchange-notifications.ts: counted, not kept with the exchange. */
  notificationsDropped?: number;
  /** Wire bytes of the notifications kept, for that bound. */
  notificationBytes?: number;
  http?: HttpOutcome;
  timedOut: boolean;
  /** The answer was longer than the harness's line cap and was not read. */
  overCap?: boolean;
  /** Transport failure: connection refused, process exited, broken pipe. */
  transportError?: string;
  durationMs: number;
}

export interface SendOptions {
  checkId?: string;
  timeoutMs: number;
  /** HTTP only: extra or overriding headers; a null value removes a default header. */
  headers?: Record<string, string | null>;
  /** HTTP only: request method, default POST. */
  httpMethod?: 'POST' | 'GET' | 'DELETE' | 'PUT' | 'PATCH';
  /** HTTP only: query parameters added to the endpoint URL for this request. */
  query?: Record<string, string>;
  /**
   * How long to keep listening after sending something that has no id of ours
   * (a notification or raw bytes). stdio: messages arriving in this window belong to the exchange.
   */
  collectMs?: number;
  /** For raw sends: resolve as soon as the first response arrives. */
  expectResponse?: boolean;
  /** Abort the exchange early (HTTP: closes the stream, which is cancellation in 2026-07-28). */
  signal?: AbortSignal;
  /** Called for each message as it arrives on this exchange. */
  onMessage?: (message: JsonObject) => void;
  /** The method we are calling, for schema routing of raw sends that are really requests. */
  method?: string;
  /** The check expects no response (e.g. it tests that none comes): a timeout is not a finding. */
  expectSilence?: boolean;
  /** A barrier: if the server exits before answering it, the check that sent it judges that exit. */
  barrier?: boolean;
}

/** A document fetched with a plain GET (authorization metadata): bounded, never redirected. */
export interface FetchedDocument {
  url: string;
  /** Undefined when nothing came back (network error or timeout; see `error`). */
  status?: number;
  headers: Record<string, string>;
  contentType: string;
  text: string;
  /** The body parsed as JSON, when it is JSON. */
  json?: unknown;
  error?: string;
}

/** A server-to-client request the lifecycle must answer (2025-11-25 sampling, roots, ping...). */
export type ServerRequestHandler = (request: JsonObject) => JsonObject | Promise<JsonObject>;

export interface Connection {
  readonly name: string;
  readonly kind: TransportKind;
  /** Sends one JSON-RPC message (request or notification), serialized as JSON. */
  send(message: JsonObject, options: SendOptions): Promise<Exchange>;
  /** Sends bytes exactly as given (framing tests, fuzzing). */
  sendRaw(bytes: Uint8Array | string, options: SendOptions): Promise<Exchange>;
  /** Answers server-initiated requests; without a handler they get -32601. */
  setServerRequestHandler(handler: ServerRequestHandler | undefined): void;
  /** Marks checks that are using this connection now, so unattributed traffic is tagged with them. */
  enterCheck(checkId: string): void;
  leaveCheck(checkId: string): void;
  /** True while the connection can still carry messages (stdio: process alive). */
  readonly alive: boolean;
  close(): Promise<void>;
}

/** One key per JSON-RPC id: 1 and "1" differ, and so do two object ids (a server may echo any JSON). */
export function idKey(id: unknown): string {
  return typeof id === 'object' && id !== null ? `object:${JSON.stringify(id)}` : `${typeof id}:${String(id)}`;
}

export function looseIdKey(id: unknown): string {
  return `any:${String(id)}`;
}
