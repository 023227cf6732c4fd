// 2025-11-25: initialize / initialized handshake; on HTTP the session id from the initialize
// response and the negotiated version go on every later request.
import { isObject, type JsonObject, type Revision } from '../model.js';
import { HttpConnection } from '../transports/http-connection.js';
import type { Connection, Exchange } from '../transports/types.js';
import { answerAsDeclared } from './client-answers.js';
import { Client, type ClientDefaults, type RequestOptions } from './client.js';
import { HARNESS_CLIENT_INFO } from './meta.js';

export const LEGACY_VERSION = '2025-11-25';

export interface SessionState {
  /** The version we ask for in initialize. */
  requestedVersion: string;
  clientCapabilities: JsonObject;
  negotiatedVersion?: string;
  sessionId?: string;
  initializeResult?: JsonObject;
  initialized: boolean;
}

export function newSessionState(overrides: Partial<SessionState> = {}): SessionState {
  return { requestedVersion: LEGACY_VERSION, clientCapabilities: {}, initialized: false, ...overrides };
}

export class SessionClient extends Client {
  readonly revision: Revision = '2025-11-25';

  constructor(
    connection: Connection,
    defaults: ClientDefaults,
    readonly state: SessionState = newSessionState(),
  ) {
    super(connection, defaults);
    // Answered as the capabilities this session declares (read when the request comes).
    connection.setServerRequestHandler((request) => answerAsDeclared(request, this.state.clientCapabilities));
  }

  buildMessage(method: string, params: JsonObject | undefined, options: RequestOptions, id: unknown): JsonObject {
    const message: JsonObject = { jsonrpc: '2.0', id, method };
    if (!options.omitParams && params !== undefined) message.params = params;
    return message;
  }

  headersFor(message: JsonObject): Record<string, string> {
    if (this.transport !== 'http') return {};
    const headers: Record<string, string> = {};
    // The version header is for requests after initialization, not for initialize itself.
    if (message.method !== 'initialize' && this.state.negotiatedVersion)
      headers['mcp-protocol-version'] = this.state.negotiatedVersion;
    if (this.state.sessionId) headers['mcp-session-id'] = this.state.sessionId;
    return headers;
  }

  protected rawHeaders(): Record<string, string> {
    return this.transport === 'http' ? this.headersFor({}) : {};
  }

  bind(checkId: string, timeoutMs = this.defaults.timeoutMs): SessionClient {
    const bound = Object.create(SessionClient.prototype) as SessionClient;
    Object.assign(bound, this, { defaults: { ...this.defaults, checkId, timeoutMs } });
    return bound;
  }

  initializeParams(overrides: JsonObject = {}): JsonObject {
    return {
      protocolVersion: this.state.requestedVersion,
      capabilities: this.state.clientCapabilities,
      clientInfo: HARNESS_CLIENT_INFO,
      ...overrides,
    };
  }

  /** Sends initialize and records what the server negotiated; does not send initialized. */
  async initialize(params: JsonObject = this.initializeParams(), options: RequestOptions = {}): Promise<Exchange> {
    const exchange = await this.request('initialize', params, options);
    const result = exchange.response && isObject(exchange.response.result) ? exchange.response.result : undefined;
    if (result) {
      this.state.initializeResult = result;
      if (typeof result.protocolVersion === 'string') this.state.negotiatedVersion = result.protocolVersion;
      const sessionId = exchange.http?.headers['mcp-session-id'];
      if (sessionId) this.state.sessionId = sessionId;
      // Our answers to server requests are POSTs of their own: they need the session headers too.
      if (this.connection instanceof HttpConnection) Object.assign(this.connection.sessionHeaders, this.headersFor({}));
    }
    return exchange;
  }

  /** The full handshake: initialize, then notifications/initialized. */
  async handshake(options: RequestOptions = {}): Promise<Exchange> {
    const exchange = await this.initialize(undefined, options);
    if (this.state.initializeResult) {
      await this.notify('notifications/initialized', undefined, { timeoutMs: options.timeoutMs });
      this.state.initialized = true;
    }
    return exchange;
  }
}
