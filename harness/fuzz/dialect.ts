// How a revision's client writes a request: 2026-07-28 puts `_meta` (version, capabilities,
// client info) in every request and mirrors the body into Mcp-* headers on HTTP; 2025-11-25
// sends plain JSON-RPC on an initialized session. Fuzz properties build their bytes from this.
import { paramHeaders, standardHeaders } from '../lifecycles/http-headers.js';
import { applyPatch, requestMeta, type MetaPatch } from '../lifecycles/meta.js';
import type { ServerProfile } from '../lifecycles/profile.js';
import { cheapRequest } from '../lifecycles/sample-requests.js';
import { isObject, type JsonObject, type Revision, type TransportKind } from '../model.js';

export interface RequestShape {
  /** A `_meta` patch (2026-07-28): a value sets a key, undefined removes it. */
  meta?: MetaPatch;
  /** Send `params` without `_meta`. */
  omitMeta?: boolean;
  /** Send no `params` member. */
  omitParams?: boolean;
  /** Client capabilities declared in `_meta` (2026-07-28); default {}. */
  capabilities?: JsonObject;
}

export interface BuiltRequest {
  /** The message; its `id` is whatever the caller put in (the text may splice another literal). */
  message: JsonObject;
  /** HTTP headers a conforming client sends for this body (none on stdio). */
  headers: Record<string, string>;
}

export interface Dialect {
  readonly revision: Revision;
  readonly transport: TransportKind;
  /** A request (id given) or notification (id undefined) as this revision's client sends it. */
  build(method: string, params: JsonObject | undefined, id: unknown, shape?: RequestShape): BuiltRequest;
  /** A request every server of this revision answers cheaply and without side effects. */
  readonly cheap: { method: string; params: JsonObject };
}

export const MODERN_VERSION = '2026-07-28';

export function dialectFor(revision: Revision, transport: TransportKind, profile: ServerProfile): Dialect {
  const schemas = new Map(profile.tools.map((tool) => [tool.name, tool.inputSchema]));
  const cheap = { method: cheapRequest(profile, revision), params: {} };
  if (revision === '2025-11-25') {
    return {
      revision,
      transport,
      cheap,
      build(method, params, id, shape = {}) {
        const message: JsonObject = { jsonrpc: '2.0', ...(id === undefined ? {} : { id }), method };
        if (!shape.omitParams && params !== undefined) message.params = params;
        return { message, headers: {} };
      },
    };
  }
  return {
    revision,
    transport,
    cheap,
    build(method, params, id, shape = {}) {
      const message: JsonObject = { jsonrpc: '2.0', ...(id === undefined ? {} : { id }), method };
      if (!shape.omitParams) {
        const given = params ?? {};
        if (shape.omitMeta) message.params = { ...given };
        else {
          const base = {
            ...requestMeta(MODERN_VERSION, shape.capabilities ?? {}),
            ...(isObject(given._meta) ? given._meta : {}),
          };
          message.params = { ...given, _meta: applyPatch(base, shape.meta) };
        }
      }
      if (transport !== 'http') return { message, headers: {} };
      const headers = standardHeaders(message, MODERN_VERSION);
      const sent = isObject(message.params) ? message.params : {};
      if (method === 'tools/call' && typeof sent.name === 'string')
        Object.assign(headers, paramHeaders(schemas.get(sent.name), sent.arguments));
      return { message, headers };
    },
  };
}
