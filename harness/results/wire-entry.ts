// The transcript format of the results JSON: one entry per byte run or message the recorder saw.

export type Direction = 'client->server' | 'server->client' | 'harness';

export type WireKind =
  | 'message' // a parsed JSON-RPC message (either direction)
  | 'raw' // bytes sent as-is by a check or the fuzzer
  | 'pollution' // stdout bytes that are not a JSON-RPC message
  | 'stderr' // a chunk of the server's stderr
  | 'http-request'
  | 'http-response'
  | 'sse-event'
  | 'process' // spawn / exit / signal
  | 'note'; // harness remark (timeout, abort, teardown)

export interface HttpDetails {
  method?: string;
  url?: string;
  status?: number;
  headers?: Record<string, string>;
}

export interface SseDetails {
  event?: string;
  id?: string;
  retry?: number;
}

export interface WireEntry {
  seq: number;
  /** Milliseconds since the recorder was created. */
  t: number;
  /** Wall clock time, ISO 8601. */
  at: string;
  connection: string;
  direction: Direction;
  kind: WireKind;
  /** Parsed JSON-RPC message, when there is one. */
  message?: unknown;
  /** Text form of raw bytes (UTF-8 with replacement), truncated to the recorder's cap. */
  text?: string;
  /** Byte length before truncation. */
  bytes?: number;
  truncated?: boolean;
  /** Hex of the first bytes, for bytes that are not valid UTF-8. */
  hex?: string;
  http?: HttpDetails;
  sse?: SseDetails;
  note?: string;
  /** Checks this entry belongs to (the sender's check, or all checks active on the connection). */
  checks?: string[];
  /** Schema problems found when validating a server message. */
  schema?: { def: string; issues: string[] };
  /** How many events this entry stands for, when a flood was counted instead of logged. */
  count?: number;
  /** A response that answers nothing we are waiting for. */
  anomaly?: 'unknown-id' | 'duplicate-response' | 'late-response' | 'unanswered';
  /** For 'unanswered': the id of the request that got no response. */
  requestId?: string | number;
  /** The harness stopped waiting for an answer it expected: evidence of time, never of the server. */
  timeout?: true;
  /** With `timeout`: how long it had waited, in ms. */
  waitedMs?: number;
  /** With 'unanswered': the request never reached the server (written after its exit, or the write failed). */
  unsent?: true;
  /** With 'unanswered': a barrier, a probe whose loss to an exit the check that sent it judges (not wire/requests-answered). */
  barrier?: true;
  /** The `seq` of a `timeout` entry whose message the server is proven to have read (a barrier after it was answered, or the POST got a status): its silence is the server's, not time's. */
  provesRead?: number;
  /** A stdio message read only by mending its line (a byte order mark dropped, invalid UTF-8 read as U+FFFD): the finding of stdout-only-jsonrpc. */
  framingFault?: string;
  /** An answer came but was longer than the harness reads (its line cap): evidence of the harness, never of the server. */
  overCap?: true;
}
