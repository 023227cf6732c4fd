// Reading a revision's whole wire log after the fact: which request each response answers, and
// which requests were in flight when a notification arrived. Post-phase checks build on this.
import { CLIENT_CAPABILITIES_KEY, PROTOCOL_VERSION_KEY } from '../../harness/lifecycles/meta.js';
import { isObject, isResponse, type JsonObject } from '../../harness/model.js';
import { type WireEntry, wholeMessage } from '../../harness/recorder/wire-log.js';
import { idKey } from '../../harness/lifecycles/exchange.js';

const MODERN_REVISION = '2026-07-28';

export interface SentRequest {
  connection: string;
  request: JsonObject;
  requestEntry: WireEntry;
  /** Absent when no response with the request's id came back. */
  response?: JsonObject;
  responseEntry?: WireEntry;
}

export type AnsweredRequest = Required<SentRequest>;

const isMessage = (entry: WireEntry, direction: WireEntry['direction']) =>
  entry.direction === direction && entry.kind === 'message' && isObject(wholeMessage(entry));

/** Requests we sent as JSON (raw bytes are not parsed), each with the response carrying its id if one came. */
export function sentRequests(entries: readonly WireEntry[]): SentRequest[] {
  const pending = new Map<string, SentRequest>();
  const sent: SentRequest[] = [];
  for (const entry of entries) {
    const message = wholeMessage(entry) as JsonObject;
    if (isMessage(entry, 'client->server') && typeof message.method === 'string' && 'id' in message) {
      const request: SentRequest = { connection: entry.connection, request: message, requestEntry: entry };
      sent.push(request);
      pending.set(`${entry.connection}\0${idKey(message.id)}`, request);
    } else if (isMessage(entry, 'server->client') && isResponse(message)) {
      const key = `${entry.connection}\0${idKey(message.id)}`;
      const request = pending.get(key);
      if (!request) continue;
      pending.delete(key);
      request.response = message;
      request.responseEntry = entry;
    }
  }
  return sent;
}

export function answeredRequests(entries: readonly WireEntry[]): AnsweredRequest[] {
  return sentRequests(entries).filter((sent): sent is AnsweredRequest => sent.response !== undefined);
}

/** The request was in flight (sent, not yet answered) when this entry was recorded. */
export function inFlightAt(sent: SentRequest, entry: WireEntry): boolean {
  return (
    sent.connection === entry.connection &&
    sent.requestEntry.seq < entry.seq &&
    (sent.responseEntry === undefined || entry.seq < sent.responseEntry.seq)
  );
}

export function requestMetaOf(request: JsonObject): JsonObject {
  const params = isObject(request.params) ? request.params : undefined;
  return params && isObject(params._meta) ? params._meta : {};
}

/** Connections that never carried an initialize request: everything on them speaks the modern era. */
export function modernConnections(entries: readonly WireEntry[]): Set<string> {
  const all = new Set<string>();
  const legacy = new Set<string>();
  for (const entry of entries) {
    all.add(entry.connection);
    if (isMessage(entry, 'client->server') && (wholeMessage(entry) as JsonObject).method === 'initialize')
      legacy.add(entry.connection);
  }
  return new Set([...all].filter((name) => !legacy.has(name) && name !== 'harness'));
}

/**
 * Whether a request asks for 2026-07-28 with the _meta that revision requires: its version as a
 * string and clientCapabilities an object. One without them (no version, another version, a number,
 * capabilities missing or not an object) is sent to see it refused: its answer is the finding of the
 * check that sent it (meta/missing-*, meta/*-type, lifecycle/unsupported-version), and the whole-run
 * checks leave it alone, so one cause gives one verdict.
 */
export function asksForModern(request: JsonObject): boolean {
  const meta = requestMetaOf(request);
  return meta[PROTOCOL_VERSION_KEY] === MODERN_REVISION && isObject(meta[CLIENT_CAPABILITIES_KEY]);
}

/** Results the server gave to requests for 2026-07-28 (asksForModern), on modern connections. */
export function modernResults(entries: readonly WireEntry[]): Array<AnsweredRequest & { result: JsonObject }> {
  const modern = modernConnections(entries);
  return answeredRequests(entries)
    .filter((pair) => modern.has(pair.connection) && asksForModern(pair.request) && isObject(pair.response.result))
    .map((pair) => ({ ...pair, result: pair.response.result as JsonObject }));
}

/** Sequence numbers of responses to JSON requests that did not ask for 2026-07-28 (asksForModern), on modern connections. */
export function answersToOtherVersions(entries: readonly WireEntry[]): Set<number> {
  const modern = modernConnections(entries);
  return new Set(
    answeredRequests(entries)
      .filter((pair) => modern.has(pair.connection) && !asksForModern(pair.request))
      .map((pair) => pair.responseEntry.seq),
  );
}

export function serverMessages(entries: readonly WireEntry[]): Array<{ entry: WireEntry; message: JsonObject }> {
  return entries
    .filter((entry) => isMessage(entry, 'server->client'))
    .map((entry) => ({ entry, message: wholeMessage(entry) as JsonObject }));
}

/** A short, JSON-friendly pointer to a wire entry for evidence. */
export function where(entry: WireEntry): { seq: number; connection: string; checks?: string[] } {
  return { seq: entry.seq, connection: entry.connection, checks: entry.checks };
}
