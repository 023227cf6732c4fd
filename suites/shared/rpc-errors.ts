// JSON-RPC error behaviour both revisions share: the request objects JSON-RPC 2.0 answers with
// -32600, text no parser can read (-32700), and the shape of every error message of a run.
import { isObject, isResponse, type JsonObject } from '../../harness/model.js';
import type { WireEntry } from '../../harness/recorder/wire-log.js';
import { where } from './wire-pairs.js';

/** Longest error.message still taken for "a concise single sentence". */
export const MAX_ERROR_MESSAGE_LENGTH = 500;

/** The start of a request cut off mid-object: not JSON, and no id can be read from it. */
export function truncatedRequest(method: string): string {
  return `{"jsonrpc": "2.0", "method": "${method}", "params": {"_meta": `;
}

export interface InvalidRequest {
  what: string;
  message: JsonObject;
}

const without = (message: JsonObject, member: string): JsonObject => Object.fromEntries(Object.entries(message).filter(([key]) => key !== member));

/**
 * Request objects JSON-RPC 2.0 and MCP rule out, each a change to a valid request `valid(envelope)`:
 * ids that are null, fractional or structured, a wrong or missing jsonrpc member, no string method.
 */
export function invalidRequests(valid: (envelope: JsonObject) => JsonObject): InvalidRequest[] {
  return [
    { what: 'id null', message: valid({ id: null }) },
    { what: 'id 1.5 (not an integer)', message: valid({ id: 1.5 }) },
    { what: 'id an object', message: valid({ id: { n: 1 } }) },
    { what: 'id an array', message: valid({ id: [1] }) },
    { what: 'jsonrpc "1.0"', message: valid({ id: 'invalid-jsonrpc-version', jsonrpc: '1.0' }) },
    { what: 'no jsonrpc member', message: without(valid({ id: 'invalid-no-jsonrpc' }), 'jsonrpc') },
    { what: 'method a number', message: valid({ id: 'invalid-method-number', method: 42 }) },
    { what: 'no method', message: without(valid({ id: 'invalid-no-method' }), 'method') },
  ];
}

export interface ErrorSeen {
  code: unknown;
  message: unknown;
  at: ReturnType<typeof where>;
}

/** Every error response the server sent in these entries. */
export function errorsIn(entries: readonly WireEntry[]): ErrorSeen[] {
  return entries
    .filter((entry) => entry.direction === 'server->client' && entry.kind === 'message' && isResponse(entry.message) && isObject((entry.message as JsonObject).error))
    .map((entry) => {
      const error = (entry.message as JsonObject).error as JsonObject;
      return { code: error.code, message: error.message, at: where(entry) };
    });
}

/** Errors whose message is not one short sentence: empty, spanning lines, or long. */
export function wordyErrors(errors: readonly ErrorSeen[]): ErrorSeen[] {
  return errors.filter(({ message }) => typeof message !== 'string' || message.trim() === '' || /[\r\n]/.test(message) || message.length > MAX_ERROR_MESSAGE_LENGTH);
}
