// One fuzz POST and what came back, in one shape whether the body went out whole (through the
// lifecycle client) or chunk by chunk with pauses (Transfer-Encoding: chunked, sent here).
import { createParser } from 'eventsource-parser';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { isObject, type JsonObject } from '../model.js';
import type { WireRecorder } from '../recorder/wire-log.js';
import type { Exchange } from '../transports/types.js';

export interface PostOutcome {
  status?: number;
  contentType?: string;
  bodyKind?: 'json' | 'sse' | 'empty' | 'text';
  /** Every JSON-RPC message in the body or on the stream. */
  messages: JsonObject[];
  /** SSE events whose data is not one JSON object. */
  malformedEvents: number;
  timedOut: boolean;
  transportError?: string;
}

export function outcomeOfExchange(exchange: Exchange): PostOutcome {
  return {
    status: exchange.http?.status,
    contentType: exchange.http?.contentType,
    bodyKind: exchange.http?.bodyKind,
    messages: exchange.messages,
    malformedEvents: exchange.http?.sse?.malformedEvents ?? 0,
    timedOut: exchange.timedOut,
    transportError: exchange.transportError,
  };
}

const MAX_BODY = 16 * 1024 * 1024;

async function* paced(pieces: Buffer[], gapMs: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < pieces.length; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
    yield pieces[i];
  }
}

/** POSTs the pieces as separate chunks of a chunked body, recording both directions in `recorder`. */
export async function postChunked(
  url: string,
  headers: Record<string, string>,
  pieces: Buffer[],
  options: { gapMs: number; timeoutMs: number; recorder: WireRecorder; connection: string },
): Promise<PostOutcome> {
  const { recorder, connection } = options;
  const outcome: PostOutcome = { messages: [], malformedEvents: 0, timedOut: false };
  recorder.record({ connection, direction: 'client->server', kind: 'http-request', http: { method: 'POST', url, headers }, note: `body in ${pieces.length} chunks` });
  for (const piece of pieces) recorder.record({ connection, direction: 'client->server', kind: 'raw', ...recorder.describeBytes(piece), note: 'one body chunk' });
  const abort = new AbortController();
  const timer = setTimeout(() => {
    outcome.timedOut = true;
    abort.abort();
  }, options.timeoutMs);
  try {
    const response = await request(url, { method: 'POST', headers, body: Readable.from(paced(pieces, options.gapMs)), signal: abort.signal });
    const contentType = String(response.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    outcome.status = response.statusCode;
    outcome.contentType = contentType;
    recorder.record({ connection, direction: 'server->client', kind: 'http-response', http: { status: response.statusCode } });
    const take = (message: JsonObject) => {
      outcome.messages.push(message);
      recorder.record({ connection, direction: 'server->client', kind: 'message', message });
    };
    if (contentType === 'text/event-stream') {
      outcome.bodyKind = 'sse';
      const parser = createParser({
        onEvent: (event) => {
          const parsed = parseJson(event.data);
          if (isObject(parsed)) take(parsed);
          else if (event.data.length > 0) outcome.malformedEvents++;
        },
      });
      const decoder = new TextDecoder();
      for await (const chunk of response.body) parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
    } else {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += (chunk as Buffer).length;
        if (size <= MAX_BODY) chunks.push(chunk as Buffer);
      }
      const text = Buffer.concat(chunks).toString('utf8');
      const parsed = parseJson(text);
      outcome.bodyKind = text.length === 0 ? 'empty' : isObject(parsed) ? 'json' : 'text';
      if (isObject(parsed)) take(parsed);
      else if (text.length > 0) recorder.record({ connection, direction: 'server->client', kind: 'raw', ...recorder.describeBytes(Buffer.from(text)) });
    }
  } catch (error) {
    if (!outcome.timedOut) outcome.transportError = `chunked POST failed: ${(error as Error).message}`;
  } finally {
    clearTimeout(timer);
  }
  return outcome;
}

function parseJson(text: string): unknown {
  try {
    return text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
