// What one line of a stdio server's stdout is: a JSON-RPC message (with what its bytes needed
// mending to be read), or noise with the reason it is not a message.
import { isObject, type JsonObject, type JsonRpcId } from '../model.js';
import { isValidUtf8 } from '../recorder/wire-log.js';
import { parseBoundedJson } from './bounded-json.js';
import { decodeLine, hasByteOrderMark } from './line-text.js';

export type ParsedFrame = { ok: true; message: JsonObject; faults: string[] } | { ok: false; reason: string };

export function parseFrame(line: Uint8Array): ParsedFrame {
  if (line.length === 0) return { ok: false, reason: 'empty line on stdout' };
  // Cheap rejection first: a flood of log lines must not cost one exception each.
  let first = hasByteOrderMark(line) ? 3 : 0;
  while (first < line.length && (line[first] === 0x20 || line[first] === 0x09)) first++;
  // An object is a message; an array may be a batch, named as such.
  if (line[first] !== 0x7b && line[first] !== 0x5b)
    return { ok: false, reason: isValidUtf8(line) ? 'line is not JSON' : 'line is not valid UTF-8' };
  const { text, faults } = decodeLine(line);
  let value: unknown;
  try {
    value = parseBoundedJson(text);
  } catch {
    return { ok: false, reason: isValidUtf8(line) ? 'line is not JSON' : 'line is not valid UTF-8' };
  }
  if (!isObject(value))
    return {
      ok: false,
      reason: Array.isArray(value)
        ? 'line is a JSON array (a JSON-RPC batch, which MCP does not use), not a message object'
        : `line is JSON but not a JSON-RPC object (${typeof value})`,
    };
  // Objects that try to be JSON-RPC are messages (the schema check judges them); anything else is noise.
  if (!('method' in value) && !('result' in value) && !('error' in value)) {
    return { ok: false, reason: 'JSON object that is not a JSON-RPC message' };
  }
  return { ok: true, message: value, faults };
}

/** Why a line that is no message is noise. */
export function noiseReason(line: Uint8Array): string {
  return (parseFrame(line) as { reason: string }).reason;
}

/** The head of an over-long line reads like a JSON-RPC message (not a log line that happens to be long). */
export function looksLikeMessage(head: Uint8Array): boolean {
  const text = Buffer.from(head.subarray(0, 256)).toString('utf8');
  return /^\s*\{/.test(text) && /"(jsonrpc|id|result|method)"\s*:/.test(text);
}

/** The message's id when it comes before any nested object or array: `{"jsonrpc":"2.0","id":7,"result":...`. */
export function leadingId(head: Uint8Array): JsonRpcId | undefined {
  const text = Buffer.from(head.subarray(0, 512)).toString('utf8');
  const match = /^\s*\{[^{}[\]]*?"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,200}")\s*[,}]/.exec(text);
  if (!match) return undefined;
  try {
    return JSON.parse(match[1]) as JsonRpcId;
  } catch {
    return undefined;
  }
}
