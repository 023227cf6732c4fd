// 2026-07-28: no handshake. Every request carries `_meta` with the protocol version and the
// client capabilities; on HTTP the body is mirrored into Mcp-* headers.
import { isObject, type JsonObject, type Revision } from '../model.js';
import type { Connection } from '../transports/types.js';
import { Client, type ClientDefaults, type RequestOptions } from './client.js';
import { paramHeaders, standardHeaders } from './http-headers.js';
import { applyPatch, requestMeta } from './meta.js';

export interface StatelessState {
  protocolVersion: string;
  clientCapabilities: JsonObject;
  /** inputSchema per tool name, to mirror x-mcp-header arguments into Mcp-Param-* headers. */
  toolSchemas: Map<string, unknown>;
}

export class StatelessClient extends Client {
  readonly revision: Revision = '2026-07-28';

  constructor(
    connection: Connection,
    defaults: ClientDefaults,
    readonly state: StatelessState = { protocolVersion: '2026-07-28', clientCapabilities: {}, toolSchemas: new Map() },
  ) {
    super(connection, defaults);
  }

  buildMessage(method: string, params: JsonObject | undefined, options: RequestOptions, id: unknown): JsonObject {
    const message: JsonObject = { jsonrpc: '2.0', id, method };
    if (options.omitParams) return message;
    const given = params ?? {};
    if (options.omitMeta) {
      message.params = { ...given };
      return message;
    }
    const base = {
      ...requestMeta(this.state.protocolVersion, this.state.clientCapabilities),
      ...(isObject(given._meta) ? given._meta : {}),
    };
    message.params = { ...given, _meta: applyPatch(base, options.meta) };
    return message;
  }

  headersFor(message: JsonObject): Record<string, string> {
    if (this.transport !== 'http') return {};
    const headers = standardHeaders(message, this.state.protocolVersion);
    const params = isObject(message.params) ? message.params : undefined;
    if (message.method === 'tools/call' && typeof params?.name === 'string') {
      Object.assign(headers, paramHeaders(this.state.toolSchemas.get(params.name), params.arguments));
    }
    return headers;
  }

  protected rawHeaders(): Record<string, string> {
    return this.transport === 'http' ? { 'mcp-protocol-version': this.state.protocolVersion } : {};
  }

  bind(checkId: string, timeoutMs = this.defaults.timeoutMs): StatelessClient {
    return new StatelessClient(this.connection, { ...this.defaults, checkId, timeoutMs }, this.state);
  }

  /** A client with other declared capabilities, same connection. */
  withCapabilities(clientCapabilities: JsonObject): StatelessClient {
    return new StatelessClient(this.connection, this.defaults, { ...this.state, clientCapabilities });
  }
}
