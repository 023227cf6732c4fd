// Request metadata headers of 2026-07-28 Streamable HTTP, derived from the JSON-RPC body:
// MCP-Protocol-Version, Mcp-Method, Mcp-Name, and Mcp-Param-* for x-mcp-header properties.
import { isObject, type JsonObject } from '../model.js';
import { PROTOCOL_VERSION_KEY } from './meta.js';

const SENTINEL = /^=\?base64\?.*\?=$/s;

/** Header-safe text is visible ASCII, space and tab, without leading/trailing whitespace. */
function isHeaderSafe(value: string): boolean {
  return /^[\x21-\x7e]([\x20-\x7e\t]*[\x21-\x7e])?$/.test(value) && !SENTINEL.test(value);
}

export function encodeHeaderValue(value: string): string {
  return isHeaderSafe(value) ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

export function decodeHeaderValue(value: string): string {
  const match = /^=\?base64\?(.*)\?=$/s.exec(value);
  return match ? Buffer.from(match[1], 'base64').toString('utf8') : value;
}

const NAMED_METHODS: Record<string, 'name' | 'uri'> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};

/** The standard headers a conforming 2026-07-28 client sends for this body. */
export function standardHeaders(message: JsonObject, fallbackVersion: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const params = isObject(message.params) ? message.params : undefined;
  const meta = params && isObject(params._meta) ? params._meta : undefined;
  const version = meta?.[PROTOCOL_VERSION_KEY];
  headers['mcp-protocol-version'] = typeof version === 'string' ? version : fallbackVersion;
  if (typeof message.method === 'string') {
    headers['mcp-method'] = message.method;
    const field = NAMED_METHODS[message.method];
    const value = field ? params?.[field] : undefined;
    if (typeof value === 'string') headers['mcp-name'] = encodeHeaderValue(value);
  }
  return headers;
}

export interface HeaderParam {
  /** Value of x-mcp-header: the header is `Mcp-Param-<name>`. */
  name: string;
  /** Chain of `properties` keys from the schema root. */
  path: string[];
}

/** Statically reachable x-mcp-header annotations (only through `properties`), per the spec. */
export function headerParams(inputSchema: unknown): HeaderParam[] {
  const found: HeaderParam[] = [];
  const walk = (schema: unknown, path: string[]) => {
    if (!isObject(schema) || !isObject(schema.properties)) return;
    for (const [key, sub] of Object.entries(schema.properties)) {
      if (!isObject(sub)) continue;
      if (typeof sub['x-mcp-header'] === 'string') found.push({ name: sub['x-mcp-header'], path: [...path, key] });
      walk(sub, [...path, key]);
    }
  };
  walk(inputSchema, []);
  return found;
}

export function valueAt(value: unknown, path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** Mcp-Param-* headers for a tools/call with these arguments. */
export function paramHeaders(inputSchema: unknown, args: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const param of headerParams(inputSchema)) {
    const value = valueAt(args, param.path);
    if (value === undefined || value === null) continue;
    const text =
      typeof value === 'string'
        ? value
        : typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : undefined;
    if (text !== undefined) headers[`mcp-param-${param.name.toLowerCase()}`] = encodeHeaderValue(text);
  }
  return headers;
}
