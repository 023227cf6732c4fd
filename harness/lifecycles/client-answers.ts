// How the harness, as a 2025-11-25 client, answers a request from the server: as a client that
// declared these capabilities would. Declaring a capability and then refusing its request with
// -32601 would blame the server for a gap of our own.
import { isObject, type JsonObject } from '../model.js';

/** No roots, a declined elicitation, a sampling request the user rejected; -32601 for what was not declared. */
export function answerAsDeclared(request: JsonObject, declared: JsonObject): JsonObject {
  const base = { jsonrpc: '2.0', id: request.id };
  const has = (capability: string) => isObject(declared[capability]);
  if (request.method === 'ping') return { ...base, result: {} };
  if (request.method === 'roots/list' && has('roots')) return { ...base, result: { roots: [] } };
  if (request.method === 'elicitation/create' && has('elicitation')) return { ...base, result: { action: 'decline' } };
  if (request.method === 'sampling/createMessage' && has('sampling'))
    return { ...base, error: { code: -1, message: 'User rejected sampling request' } };
  return { ...base, error: { code: -32601, message: `client did not declare support for ${String(request.method)}` } };
}
