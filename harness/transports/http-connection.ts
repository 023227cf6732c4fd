// Streamable HTTP: every message is a POST to the one URL the user gave; answers come back as
// a JSON body or an SSE stream. Redirects are never followed and bodies are read within a cap.
import { createParser } from 'eventsource-parser';
import type { Agent } from 'undici';
import { isObject, isResponse, type JsonObject, type JsonRpcId } from '../model.js';
import { CheckTags, recordServerMessage, type ConnectionContext } from './connection-context.js';
import {
  idKey,
  looseIdKey,
  type Connection,
  type Exchange,
  type FetchedDocument,
  type HttpOutcome,
  type SendOptions,
  type ServerRequestHandler,
} from './types.js';
import { parseBoundedJson } from './bounded-json.js';
import { keepNotification, NOTIFICATIONS_NOT_KEPT } from './exchange-notifications.js';
import { loadUndici } from './undici-lazy.js';

/** Authorization metadata documents are small: more than this is cut off. */
const MAX_DOCUMENT_BYTES = 256 * 1024;

/** SSE events of one answer logged and routed one by one; past them only responses are read. */
const MAX_EVENTS_LOGGED = 2000;

/** A response carries "result" or "error"; a notification or request has neither (cheap test, no parse). */
function mayBeResponse(data: string): boolean {
  return data.includes('"result"') || data.includes('"error"');
}

export interface HttpLimits {
  /** Most body bytes read from one response; the rest is cut off. */
  maxBodyBytes: number;
  /** After the final response on an SSE stream, how long we wait for the server to end it. */
  sseLingerMs: number;
  connectTimeoutMs: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  maxBodyBytes: 16 * 1024 * 1024,
  sseLingerMs: 250,
  connectTimeoutMs: 5000,
};

export interface HttpTargetSpec {
  url: string;
  /** Headers the user asked for on every request (auth). */
  headers: Record<string, string>;
}

let connectionCounter = 0;

export class HttpConnection implements Connection {
  readonly kind = 'http' as const;
  readonly name: string;
  /** Made on the first request, once undici is loaded. */
  private agent: Agent | undefined;
  private readonly tags = new CheckTags();
  private serverRequestHandler: ServerRequestHandler | undefined;
  private closed = false;
  /** Headers added to every request by the lifecycle (session id, protocol version). */
  readonly sessionHeaders: Record<string, string> = {};

  constructor(
    readonly target: HttpTargetSpec,
    private readonly context: ConnectionContext,
    private readonly limits: HttpLimits = DEFAULT_HTTP_LIMITS,
  ) {
    this.name = `http#${++connectionCounter}`;
    void loadUndici();
  }

  get alive(): boolean {
    return !this.closed;
  }

  enterCheck(checkId: string): void {
    this.tags.enter(checkId);
  }

  leaveCheck(checkId: string): void {
    this.tags.leave(checkId);
  }

  setServerRequestHandler(handler: ServerRequestHandler | undefined): void {
    this.serverRequestHandler = handler;
  }

  send(message: JsonObject, options: SendOptions): Promise<Exchange> {
    this.context.recorder.record({
      connection: this.name,
      direction: 'client->server',
      kind: 'message',
      message,
      checks: this.tags.tags(options.checkId),
    });
    const isRequest = typeof message.method === 'string' && 'id' in message;
    return this.exchange(JSON.stringify(message), options, {
      id: isRequest ? (message.id as JsonRpcId) : undefined,
      method: typeof message.method === 'string' ? message.method : undefined,
    });
  }

  sendRaw(bytes: Uint8Array | string, options: SendOptions): Promise<Exchange> {
    const buffer = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : Buffer.from(bytes);
    if (buffer.length > 0) {
      this.context.recorder.record({
        connection: this.name,
        direction: 'client->server',
        kind: 'raw',
        ...this.context.recorder.describeBytes(buffer),
        checks: this.tags.tags(options.checkId),
      });
    }
    return this.exchange(buffer, options, { method: options.method });
  }

  private buildHeaders(options: SendOptions, hasBody: boolean): Record<string, string> {
    // Names merge case-insensitively; the last spelling given is sent, so checks can send odd-cased names.
    const merged = new Map<string, [string, string | null]>();
    const layers: Array<Record<string, string | null>> = [
      { accept: 'application/json, text/event-stream', ...(hasBody ? { 'content-type': 'application/json' } : {}) },
      this.target.headers,
      this.sessionHeaders,
      options.headers ?? {},
    ];
    for (const layer of layers)
      for (const [name, value] of Object.entries(layer)) merged.set(name.toLowerCase(), [name, value]);
    const headers: Record<string, string> = {};
    for (const [name, value] of merged.values()) if (value !== null) headers[name] = value;
    return headers;
  }

  private async exchange(
    body: string | Buffer,
    options: SendOptions,
    routing: { id?: JsonRpcId; method?: string },
  ): Promise<Exchange> {
    const { request } = await loadUndici();
    const agent = await this.ownAgent();
    const started = performance.now();
    const exchange: Exchange = {
      connection: this.name,
      id: routing.id,
      method: routing.method,
      notifications: [],
      messages: [],
      timedOut: false,
      durationMs: 0,
    };
    const httpMethod = options.httpMethod ?? 'POST';
    const hasBody = httpMethod !== 'GET' && httpMethod !== 'DELETE' ? true : body.length > 0;
    const headers = this.buildHeaders(options, hasBody);
    const checks = this.tags.tags(options.checkId);
    const url = withQuery(this.target.url, options.query);
    this.context.recorder.record({
      connection: this.name,
      direction: 'client->server',
      kind: 'http-request',
      http: { method: httpMethod, url, headers: redact(headers) },
      checks,
    });

    const abort = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      abort.abort(new Error('timeout'));
    }, options.timeoutMs);
    const onOuterAbort = () => abort.abort(new Error('aborted by check'));
    options.signal?.addEventListener('abort', onOuterAbort, { once: true });

    try {
      const send = () =>
        request(url, {
          method: httpMethod,
          headers,
          body: hasBody ? body : undefined,
          dispatcher: agent,
          signal: abort.signal,
          headersTimeout: options.timeoutMs,
          bodyTimeout: options.timeoutMs,
        });
      let response: Awaited<ReturnType<typeof send>>;
      try {
        response = await send();
      } catch (error) {
        // A keep-alive socket the server closed while idle resets the next request before the server
        // reads it (a race that machine load widens): evidence of neither side. Sent once more on a
        // new connection; a server that really resets or died does it again, and that is recorded.
        if (!isReset(error) || abort.signal.aborted) throw error;
        this.note(
          `${describeNetworkError(error, this.target.url)} before any answer; sent again on a new connection`,
          checks,
        );
        response = await send();
      }
      const responseHeaders = flattenHeaders(response.headers);
      const contentType = (responseHeaders['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      const http: HttpOutcome = {
        status: response.statusCode,
        headers: responseHeaders,
        contentType,
        bodyKind: 'empty',
      };
      exchange.http = http;
      this.context.recorder.record({
        connection: this.name,
        direction: 'server->client',
        kind: 'http-response',
        http: { status: response.statusCode, headers: responseHeaders },
        checks,
      });

      if (contentType === 'text/event-stream') {
        await this.readEventStream(response.body, exchange, http, routing, options, checks, abort);
        // The stream reader swallows our own abort; a timeout without the response is still a timeout.
        if (timedOut && !exchange.response) throw new Error('timeout');
      } else {
        const { bytes, truncated } = await readCapped(response.body, this.limits.maxBodyBytes);
        this.recordBody(bytes, truncated, exchange, http, routing, checks);
      }
    } catch (error) {
      const unanswered =
        routing.id !== undefined && !exchange.response && !options.expectSilence ? ('unanswered' as const) : undefined;
      const requestId = unanswered ? (routing.id as string | number) : undefined;
      // undici's header/body timers share our budget and may fire first: still a timeout.
      if (timedOut || isUndiciTimeout(error)) {
        exchange.timedOut = !exchange.response;
        const waited =
          !options.expectSilence && (unanswered !== undefined || options.expectResponse === true)
            ? options.timeoutMs
            : undefined;
        this.note(`no complete answer within ${options.timeoutMs} ms`, checks, unanswered, requestId, waited);
      } else if (options.signal?.aborted) {
        this.note('exchange aborted by the check (stream closed)', checks);
      } else if (this.closed || isClientDestroyed(error)) {
        // Our own teardown is not the server's fault, as over stdio: the request decides nothing.
        exchange.transportError = describeNetworkError(error, this.target.url);
        this.note(`${exchange.transportError}: the harness closed the connection with the request in flight`, checks);
      } else {
        exchange.transportError = describeNetworkError(error, this.target.url);
        this.note(exchange.transportError, checks, unanswered, requestId);
      }
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onOuterAbort);
    }
    exchange.durationMs = Math.round(performance.now() - started);
    return exchange;
  }

  private recordBody(
    bytes: Buffer,
    truncated: boolean,
    exchange: Exchange,
    http: HttpOutcome,
    routing: { id?: JsonRpcId; method?: string },
    checks: string[] | undefined,
  ): void {
    if (bytes.length === 0) return;
    const text = bytes.toString('utf8');
    let parsed: unknown;
    try {
      parsed = truncated ? undefined : parseBoundedJson(text);
    } catch {
      parsed = undefined;
    }
    // A 401 or 403, or a 400 with a challenge (RFC 6750 invalid_request), comes from the
    // authorization layer, which need not speak JSON-RPC: a JSON body there that is no JSON-RPC
    // message is kept as text, not judged as one.
    const fromAuthorization =
      http.status === 401 || http.status === 403 || (http.status === 400 && 'www-authenticate' in http.headers);
    const authorizationBody = fromAuthorization && isObject(parsed) && !('jsonrpc' in parsed);
    if (isObject(parsed) && !authorizationBody) {
      http.bodyKind = 'json';
      this.accept(parsed, exchange, routing, checks, undefined, undefined, bytes.length);
    } else {
      http.bodyKind = 'text';
      http.bodyText = text.slice(0, 64 * 1024);
      this.context.recorder.record({
        connection: this.name,
        direction: 'server->client',
        kind: 'raw',
        ...this.context.recorder.describeBytes(bytes),
        truncated: truncated || undefined,
        note: truncated ? `body exceeds ${this.limits.maxBodyBytes} bytes; cut` : undefined,
        checks,
      });
    }
  }

  private async readEventStream(
    body: AsyncIterable<Uint8Array> & { destroy(): void },
    exchange: Exchange,
    http: HttpOutcome,
    routing: { id?: JsonRpcId; method?: string },
    options: SendOptions,
    checks: string[] | undefined,
    abort: AbortController,
  ): Promise<void> {
    http.bodyKind = 'sse';
    const sse = { events: 0, malformedEvents: 0, endedAfterResponse: undefined as boolean | undefined };
    http.sse = sse;
    let linger: NodeJS.Timeout | undefined;
    let cutByUs = false;
    let unlogged = 0;
    const parser = createParser({
      onEvent: (event) => {
        sse.events++;
        // Past the first events of an exchange, only responses are taken: the rest are counted.
        if (sse.events > MAX_EVENTS_LOGGED && !mayBeResponse(event.data)) {
          if (unlogged++ === 0)
            this.note(
              `more than ${MAX_EVENTS_LOGGED} SSE events in one answer: the rest are counted, only responses among them read`,
              checks,
            );
          return;
        }
        let parsed: unknown;
        try {
          parsed = event.data.length > 0 ? parseBoundedJson(event.data) : undefined;
        } catch {
          parsed = undefined;
        }
        const sseDetails = { event: event.event, id: event.id };
        if (isObject(parsed)) {
          this.accept(parsed, exchange, routing, checks, sseDetails, options, event.data.length);
          if (exchange.response && linger === undefined && routing.id !== undefined) {
            // The final response SHOULD end the stream; give the server a moment to do so.
            linger = setTimeout(() => {
              cutByUs = true;
              body.destroy();
            }, this.limits.sseLingerMs);
          }
        } else {
          if (event.data.length > 0) sse.malformedEvents++;
          this.context.recorder.record({
            connection: this.name,
            direction: 'server->client',
            kind: 'sse-event',
            text: event.data,
            sse: sseDetails,
            note: event.data.length > 0 ? 'SSE data is not a JSON object' : undefined,
            checks,
          });
        }
      },
      onRetry: (retry) => {
        this.context.recorder.record({
          connection: this.name,
          direction: 'server->client',
          kind: 'sse-event',
          sse: { retry },
          checks,
        });
      },
    });
    const decoder = new TextDecoder('utf-8');
    let total = 0;
    try {
      for await (const chunk of body) {
        total += chunk.length;
        if (total > this.limits.maxBodyBytes) {
          this.note(`event stream exceeds ${this.limits.maxBodyBytes} bytes; cut`, checks);
          cutByUs = true;
          body.destroy();
          break;
        }
        parser.feed(decoder.decode(chunk, { stream: true }));
      }
      if (!cutByUs) sse.endedAfterResponse = exchange.response ? true : undefined;
    } catch (error) {
      if (!cutByUs && !abort.signal.aborted) throw error;
    } finally {
      if (linger) clearTimeout(linger);
    }
    if (cutByUs && exchange.response) sse.endedAfterResponse = false;
    if (unlogged > 0) this.note(`${unlogged} SSE events of this answer counted, not logged one by one`, checks);
  }

  private accept(
    message: JsonObject,
    exchange: Exchange,
    routing: { id?: JsonRpcId; method?: string },
    checks: string[] | undefined,
    sse: { event?: string; id?: string } | undefined,
    options?: SendOptions,
    size = 512,
  ): void {
    const isOurs = isResponse(message) && routing.id !== undefined && idKey(message.id) === idKey(routing.id);
    const isLoose =
      !isOurs && isResponse(message) && routing.id !== undefined && looseIdKey(message.id) === looseIdKey(routing.id);
    const answered =
      isOurs || isLoose || (isResponse(message) && routing.id === undefined) ? routing.method : undefined;
    const hasId = typeof message.id === 'string' || typeof message.id === 'number';
    let anomaly: 'unknown-id' | 'duplicate-response' | undefined;
    if (isResponse(message) && hasId && routing.id !== undefined) {
      if (!isOurs && !isLoose) anomaly = 'unknown-id';
      else if (exchange.response) anomaly = 'duplicate-response';
    }
    const note = anomaly ? STRAY_NOTES[anomaly] : undefined;
    recordServerMessage(
      this.context,
      { connection: this.name, checks, sse, anomaly, note, sizeHint: size },
      message,
      answered,
    );
    const notification = !isResponse(message) && !(typeof message.method === 'string' && 'id' in message);
    // Notifications are kept with the exchange within the bounds stdio has (exchange-notifications.ts).
    if (!notification) exchange.messages.push(message);
    options?.onMessage?.(message);
    // An error without an id in the POST's own body answers that POST: the server could not read
    // the id (or would not); the id it lacks is judged by the schema check, once.
    const idlessError = isResponse(message) && 'error' in message && (message.id === null || message.id === undefined);
    if (isResponse(message)) {
      if (!exchange.response && (isOurs || isLoose || routing.id === undefined || idlessError)) {
        exchange.response = message;
        if (isLoose) exchange.idTypeMismatch = true;
      }
    } else if (typeof message.method === 'string' && 'id' in message) {
      void this.answerServerRequest(message, options);
    } else {
      const kept = keepNotification(exchange, message, size, this.context.recorder.spent);
      if (kept === 'first dropped') this.note(NOTIFICATIONS_NOT_KEPT, checks);
    }
  }

  private async answerServerRequest(request: JsonObject, options?: SendOptions): Promise<void> {
    const reply = this.serverRequestHandler
      ? await this.serverRequestHandler(request)
      : { jsonrpc: '2.0', id: request.id, error: { code: -32601, message: 'Method not found' } };
    await this.send(reply, { timeoutMs: options?.timeoutMs ?? 5000, checkId: options?.checkId });
  }

  /** `waitedMs`: set when the harness gave up waiting for an answer it expected. */
  /**
   * A plain GET of another URL of the server (authorization metadata): the target's headers are
   * not sent (credentials stay with the MCP endpoint), redirects are not followed, the body is
   * read within 256 KB, and request, status and body go to the wire log.
   */
  async fetchDocument(url: string, options: { checkId?: string; timeoutMs: number }): Promise<FetchedDocument> {
    const { request } = await loadUndici();
    const agent = await this.ownAgent();
    const checks = this.tags.tags(options.checkId);
    const headers = { accept: 'application/json' };
    this.context.recorder.record({
      connection: this.name,
      direction: 'client->server',
      kind: 'http-request',
      http: { method: 'GET', url, headers },
      checks,
    });
    const document: FetchedDocument = { url, headers: {}, contentType: '', text: '' };
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error('timeout')), options.timeoutMs);
    try {
      const response = await request(url, {
        method: 'GET',
        headers,
        dispatcher: agent,
        signal: abort.signal,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      });
      document.status = response.statusCode;
      document.headers = flattenHeaders(response.headers);
      document.contentType = (document.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      this.context.recorder.record({
        connection: this.name,
        direction: 'server->client',
        kind: 'http-response',
        http: { status: response.statusCode, headers: document.headers },
        checks,
      });
      const { bytes, truncated } = await readCapped(response.body, MAX_DOCUMENT_BYTES);
      document.text = bytes.toString('utf8');
      if (bytes.length > 0)
        this.context.recorder.record({
          connection: this.name,
          direction: 'server->client',
          kind: 'raw',
          ...this.context.recorder.describeBytes(bytes),
          checks,
        });
      if (!truncated) {
        try {
          document.json = parseBoundedJson(document.text);
        } catch {
          // Not JSON: the check says so from `text`.
        }
      }
    } catch (error) {
      document.error = abort.signal.aborted
        ? `no answer within ${options.timeoutMs} ms`
        : describeNetworkError(error, url);
      this.note(`GET ${url}: ${document.error}`, checks);
    } finally {
      clearTimeout(timer);
    }
    return document;
  }

  /** One agent per connection: a fresh connection is a fresh TCP connection. */
  private async ownAgent(): Promise<Agent> {
    const { Agent } = await loadUndici();
    this.agent ??= new Agent({ connect: { timeout: this.limits.connectTimeoutMs }, keepAliveTimeout: 10_000 });
    return this.agent;
  }

  private note(
    text: string,
    checks: string[] | undefined,
    anomaly?: 'unanswered',
    requestId?: string | number,
    waitedMs?: number,
  ): void {
    const timeout = waitedMs !== undefined ? ({ timeout: true, waitedMs } as const) : {};
    this.context.recorder.record({
      connection: this.name,
      direction: 'harness',
      kind: 'note',
      note: text,
      checks,
      anomaly,
      requestId,
      ...timeout,
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.agent?.destroy().catch(() => undefined);
  }
}

/** Said in the wire log (and so in responses-match-requests' reason) next to a stray response. */
const STRAY_NOTES = {
  'unknown-id': 'response to an id that was never sent',
  'duplicate-response': 'second response to an id already answered',
};

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Credentials never reach the report. */
function redact(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    out[key] = /^(authorization|cookie|x-api-key|proxy-authorization)$/i.test(key) ? '[redacted]' : value;
  }
  return out;
}

async function readCapped(
  body: AsyncIterable<Uint8Array> & { destroy(): void },
  cap: number,
): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    if (total + chunk.length > cap) {
      chunks.push(Buffer.from(chunk.subarray(0, cap - total)));
      body.destroy();
      return { bytes: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(Buffer.from(chunk));
    total += chunk.length;
  }
  return { bytes: Buffer.concat(chunks), truncated: false };
}

/** The error code of a network failure, on the error or the cause undici wraps it in. */
function networkErrorCode(error: unknown): string | undefined {
  const err = error as { code?: string; cause?: { code?: string } } | undefined;
  return err?.code ?? err?.cause?.code;
}

function isReset(error: unknown): boolean {
  const code = networkErrorCode(error);
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET';
}

function isUndiciTimeout(error: unknown): boolean {
  const code = (error as { code?: string } | undefined)?.code;
  return code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
}

export function describeNetworkError(error: unknown, url: string): string {
  const code = networkErrorCode(error);
  if (code === 'ECONNREFUSED') return `connection refused by ${url}`;
  if (code === 'ENOTFOUND') return `host of ${url} not found`;
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return `could not connect to ${url} in time`;
  if (isReset(error)) return `connection to ${url} was reset`;
  return `HTTP request to ${url} failed: ${(error as { message?: string } | undefined)?.message ?? String(error)}${code ? ` (${code})` : ''}`;
}

/** The endpoint with these query parameters added (its own kept). */
function withQuery(endpoint: string, query: Record<string, string> | undefined): string {
  if (!query) return endpoint;
  const url = new URL(endpoint);
  for (const [name, value] of Object.entries(query)) url.searchParams.append(name, value);
  return url.href;
}

/** undici's error for a request on a dispatcher we destroyed (ClientDestroyedError). */
function isClientDestroyed(error: unknown): boolean {
  return (error as { code?: unknown } | undefined)?.code === 'UND_ERR_DESTROYED';
}
