// One fuzz POST and what came back, in one shape whether the body went out through the lifecycle
// client or was sent here: chunk by chunk with pauses (Transfer-Encoding: chunked), or whole with
// the answer's bytes read here, so an event stream is held to SSE framing (harness/transports/sse-reader).
import { Readable } from 'node:stream';
import { isObject, isResponse, type JsonObject } from '../model.js';
import type { WireRecorder } from '../recorder/wire-log.js';
import type { Exchange } from './types.js';
import { parseBoundedJson } from './bounded-json.js';
import { SseReader } from './sse-reader.js';
import { loadUndici } from './undici-lazy.js';

export interface PostOutcome {
  status?: number;
  contentType?: string;
  bodyKind?: 'json' | 'sse' | 'empty' | 'text';
  /** Every JSON-RPC message in the body or on the stream. */
  messages: JsonObject[];
  /** SSE events whose data is not one JSON object. */
  malformedEvents: number;
  /** A body that is a JSON array of JSON-RPC messages: the POST was served as a JSON-RPC 2.0 batch. */
  batchAnswers?: number;
  timedOut: boolean;
  transportError?: string;
  /** POSTs sent here: every way the event stream broke SSE framing (this replaces malformedEvents). */
  sseFaults?: string[];
  /** POSTs sent here: how the event stream went on after its first response instead of ending. */
  sseAfterResponse?: string;
}

export function outcomeOfExchange(exchange: Exchange): PostOutcome {
  return {
    status: exchange.http?.status,
    contentType: exchange.http?.contentType,
    bodyKind: exchange.http?.bodyKind,
    messages: exchange.messages,
    malformedEvents: exchange.http?.sse?.malformedEvents ?? 0,
    batchAnswers: exchange.http?.bodyKind === 'text' ? batchAnswers(exchange.http.bodyText) : undefined,
    timedOut: exchange.timedOut,
    transportError: exchange.transportError,
  };
}

/** How many JSON-RPC messages a body holds when it is a JSON array of them (a batch answer), else undefined. */
export function batchAnswers(text: string | undefined): number | undefined {
  const parsed = text === undefined ? undefined : parseJson(text);
  if (!Array.isArray(parsed) || parsed.length === 0) return undefined;
  return parsed.every((item) => isObject(item) && item.jsonrpc === '2.0') ? parsed.length : undefined;
}

const MAX_BODY = 16 * 1024 * 1024;

/** After a stream's first response, the server gets at least this long to end it (more when the case timeout leaves more). */
const SSE_END_WAIT_MS = 1000;

async function* paced(pieces: Buffer[], gapMs: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < pieces.length; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
    yield pieces[i];
  }
}

/** Credentials never reach the report. */
function redacted(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      /^(authorization|cookie|x-api-key|proxy-authorization)$/i.test(name) ? '[redacted]' : value,
    ]),
  );
}

const excerpt = (text: string) => JSON.stringify(text.length > 160 ? `${text.slice(0, 160)}...` : text);

/**
 * POSTs the pieces (several: separate chunks of a chunked body; one: a plain body) and reads the
 * answer here, recording both directions in `recorder`.
 */
export async function postDirect(
  url: string,
  headers: Record<string, string>,
  pieces: Buffer[],
  options: { gapMs: number; timeoutMs: number; recorder: WireRecorder; connection: string },
): Promise<PostOutcome> {
  const { request } = await loadUndici();
  const { recorder, connection } = options;
  const outcome: PostOutcome = { messages: [], malformedEvents: 0, timedOut: false };
  const chunked = pieces.length > 1;
  recorder.record({
    connection,
    direction: 'client->server',
    kind: 'http-request',
    http: { method: 'POST', url, headers: redacted(headers) },
    note: chunked ? `body in ${pieces.length} chunks` : undefined,
  });
  for (const piece of pieces)
    recorder.record({
      connection,
      direction: 'client->server',
      kind: 'raw',
      ...recorder.describeBytes(piece),
      note: chunked ? 'one body chunk' : undefined,
    });
  const started = performance.now();
  const abort = new AbortController();
  let cut: 'timeout' | 'after-response' | undefined;
  let timer = setTimeout(() => {
    cut = 'timeout';
    abort.abort();
  }, options.timeoutMs);
  let answeredAt: number | undefined;
  const answered = () => {
    // A late answer still leaves the server time to end its stream: the wait starts afresh.
    answeredAt = performance.now();
    clearTimeout(timer);
    timer = setTimeout(
      () => {
        cut = 'after-response';
        abort.abort();
      },
      Math.max(SSE_END_WAIT_MS, options.timeoutMs - (answeredAt - started)),
    );
  };
  try {
    const body = chunked ? Readable.from(paced(pieces, options.gapMs)) : (pieces[0] ?? Buffer.alloc(0));
    const response = await request(url, { method: 'POST', headers, body, signal: abort.signal });
    const contentType = String(response.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    outcome.status = response.statusCode;
    outcome.contentType = contentType;
    recorder.record({
      connection,
      direction: 'server->client',
      kind: 'http-response',
      http: {
        status: response.statusCode,
        headers: { 'content-type': String(response.headers['content-type'] ?? '') },
      },
    });
    const take = (message: JsonObject) => {
      outcome.messages.push(message);
      recorder.record({ connection, direction: 'server->client', kind: 'message', message });
    };
    if (contentType === 'text/event-stream')
      await readStream(response.body, outcome, {
        take,
        answered,
        record: (text, note) =>
          recorder.record({ connection, direction: 'server->client', kind: 'sse-event', text, note }),
      });
    else
      await readBody(response.body, outcome, take, (bytes) =>
        recorder.record({ connection, direction: 'server->client', kind: 'raw', ...recorder.describeBytes(bytes) }),
      );
  } catch (error) {
    if (cut === undefined) outcome.transportError = `POST failed: ${(error as Error).message}`;
  } finally {
    clearTimeout(timer);
  }
  outcome.timedOut = cut === 'timeout';
  if (cut === 'after-response' && answeredAt !== undefined) {
    const after = outcome.sseAfterResponse ? `${outcome.sseAfterResponse}, and it` : 'the stream';
    outcome.sseAfterResponse = `${after} was still open ${Math.round(performance.now() - answeredAt)} ms after the response`;
  }
  return outcome;
}

interface StreamSink {
  take(message: JsonObject): void;
  /** The first response arrived: from now on the stream should end. */
  answered(): void;
  record(text: string, note: string): void;
}

/** Reads an event stream to its end (or until the POST is aborted), noting each framing fault. */
async function readStream(body: AsyncIterable<unknown>, outcome: PostOutcome, sink: StreamSink): Promise<void> {
  outcome.bodyKind = 'sse';
  const faults: string[] = [];
  outcome.sseFaults = faults;
  const after: string[] = [];
  let responded = false;
  const reader = new SseReader((event) => {
    // Empty data is no message (e.g. a priming event that only carries an id).
    if (event.data === '') return;
    const parsed = parseJson(event.data);
    if (!isObject(parsed)) {
      const stray =
        event.stray.length > 0
          ? `; the event also has ${event.stray.length} line(s) that are no SSE field, the first ${excerpt(event.stray[0])} (a data line without its "data:" prefix?)`
          : '';
      faults.push(`an SSE event whose data is not one JSON-RPC message: ${excerpt(event.data)}${stray}`);
      sink.record(event.data, 'SSE data is not a JSON object');
      return;
    }
    if (responded) {
      after.push(typeof parsed.method === 'string' ? parsed.method : isResponse(parsed) ? 'a response' : 'a message');
      outcome.sseAfterResponse = `the stream went on after the response with ${after.length} more message(s) (${after.slice(0, 3).join(', ')})`;
    }
    sink.take(parsed);
    if (!responded && isResponse(parsed)) {
      responded = true;
      sink.answered();
    }
  });
  const decoder = new TextDecoder('utf-8');
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Uint8Array).length;
    if (size > MAX_BODY) throw new Error(`event stream exceeds ${MAX_BODY} bytes`);
    reader.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
  }
  // The server ended the stream: a last event without its blank line is lost to every client.
  reader.feed(decoder.decode());
  const partial = reader.end();
  if (partial !== undefined) {
    faults.push(
      `the stream ended inside an event (no blank line after its last line), so a client drops it: ${excerpt(partial)}`,
    );
    sink.record(partial, 'unterminated SSE event at the end of the stream');
  }
}

async function readBody(
  body: AsyncIterable<unknown>,
  outcome: PostOutcome,
  take: (message: JsonObject) => void,
  raw: (bytes: Buffer) => void,
): Promise<void> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY) chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  const parsed = parseJson(text);
  outcome.bodyKind = text.length === 0 ? 'empty' : isObject(parsed) ? 'json' : 'text';
  if (isObject(parsed)) take(parsed);
  else if (text.length > 0) {
    outcome.batchAnswers = batchAnswers(text);
    raw(Buffer.from(text));
  }
}

function parseJson(text: string): unknown {
  try {
    return text.length > 0 ? parseBoundedJson(text) : undefined;
  } catch {
    return undefined;
  }
}
