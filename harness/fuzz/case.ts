// A fuzz case as data: the exact bytes to send (steps) and, for each message in them, what the
// spec lets the server answer (slots). Judging reads only this and what came back, so a saved
// case replays and is judged again without the generator that made it.
import type { JsonRpcId } from '../model.js';

/** A result or error judged beyond its envelope (harness/fuzz/rules). */
export type Rule =
  /** A tool result that must not be a success: isError true (invalid arguments). */
  | { kind: 'tool-error-result' }
  /** A successful tool result's structuredContent must validate against the tool's outputSchema. */
  | { kind: 'output-schema'; schema: unknown }
  /** An input_required result may only ask for client capabilities the request declared. */
  | { kind: 'declared-input-requests'; declared: unknown }
  /** A -32021 error must name, in data.requiredCapabilities, something the request did not declare. */
  | { kind: 'names-missing-capability'; declared: unknown }
  /** A -32022 error carries data.supported (strings) and data.requested (the version sent). */
  | { kind: 'unsupported-version-data'; requested: unknown }
  /** 2026-07-28, a request that advertised no extension: the result's resultType is a core one. */
  | { kind: 'core-result-type' };

export type Allowed =
  /** A result response carrying the slot's id. */
  | { answer: 'result'; rules?: Rule[]; status?: number[] }
  /** An error response carrying the slot's id; any code when `codes` is absent. */
  | { answer: 'error'; codes?: number[]; rules?: Rule[]; status?: number[] }
  /** An error response without an id (or with id null): the server could not read one. */
  | { answer: 'idless-error'; codes?: number[]; warn?: string }
  /** No response at all (a notification, or input the server may ignore). HTTP: an error status without a JSON-RPC answer, one of `status` when given. */
  | { answer: 'none'; status?: number[] }
  /** HTTP: 202 Accepted with no body (a notification the server accepts). */
  | { answer: 'accepted' };

export interface Slot {
  /** What this message is, in a few words (shown in failures). */
  what: string;
  /** The id as a JSON parser reads it; absent when the message has none (or it cannot be read). */
  id?: JsonRpcId | null | boolean | object;
  /** The JSON text of the id as sent, when it differs from JSON.stringify(id) (e.g. 2^53+1). */
  idText?: string;
  /** The method called, so an answer is schema-checked as that method's result. */
  method?: string;
  allow: Allowed[];
  /** Responses with this id the slot may take (default 1); a duplicate in-flight id may get 2. */
  maxAnswers?: number;
  /** The work may take as long as the server needs (a tool call): no answer in time leaves the case undecided, not failed. */
  patient?: boolean;
  /** A dual-era server may answer this one in its other era: a result is not held to this revision's schema. */
  otherEra?: boolean;
}

export interface Step {
  label: string;
  /** The bytes, as UTF-8 text... */
  text?: string;
  /** ...or base64 when they are not valid UTF-8. */
  base64?: string;
  /** Byte offsets where the bytes are cut: separate writes on stdio, separate body chunks on HTTP. */
  splits?: number[];
  /** HTTP request headers (null removes a default); stdio ignores them. */
  headers?: Record<string, string | null>;
  /** The bytes are a JSON-RPC batch (an array of requests), which MCP does not have: served, it is a warning. */
  batch?: boolean;
  /** Send the next step right away, without waiting for this step's answers. */
  overlap?: boolean;
  /** HTTP: the fuzzer reads the answer's bytes itself, so an event stream is held to SSE framing (events end with a blank line, the stream ends after the response). */
  strictSse?: boolean;
  slots: Slot[];
}

export interface FuzzCase {
  steps: Step[];
  /** 2025-11-25: run on a fresh session whose initialize declared these client capabilities. */
  sessionCapabilities?: Record<string, unknown>;
  /** The case may move the connection to another state (legacy-looking traffic to a dual-era server): the next case starts on a fresh one. */
  freshAfter?: boolean;
  /** Set on a case ready to send: the per-connection counter its ids carry (harness/fuzz/salt.ts). */
  salt?: string;
}

export function stepBytes(step: Step): Buffer {
  return step.base64 !== undefined ? Buffer.from(step.base64, 'base64') : Buffer.from(step.text ?? '', 'utf8');
}

/** The bytes of a step cut at its split offsets (each piece non-empty). */
export function stepPieces(step: Step): Buffer[] {
  const bytes = stepBytes(step);
  const cuts = [...new Set((step.splits ?? []).filter((at) => at > 0 && at < bytes.length))].sort((a, b) => a - b);
  const pieces: Buffer[] = [];
  let from = 0;
  for (const at of [...cuts, bytes.length]) {
    if (at > from) pieces.push(bytes.subarray(from, at));
    from = at;
  }
  return pieces.length > 0 ? pieces : [bytes];
}

/** Does this slot need an answer (no 'none' / 'accepted' among what it allows)? */
export function needsAnswer(slot: Slot): boolean {
  return !slot.allow.some((a) => a.answer === 'none' || a.answer === 'accepted');
}
