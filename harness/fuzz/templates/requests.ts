// Bytes of well-formed requests for templates: the revision's cheap request (or any method) with
// an exact id literal, as a stdio line or an HTTP body, and the slot a conforming answer fills.
import { messageText } from '../../../generators/builders/json-text.js';
import type { IdCase } from '../../../generators/builders/id-case.js';
import type { JsonObject } from '../../model.js';
import type { Allowed, Slot, Step } from '../case.js';
import type { RequestShape } from '../dialect.js';
import type { FuzzEnv } from '../property.js';
import { SALT } from '../salt.js';

export interface RequestBytes {
  /** The JSON text, without a line ending. */
  text: string;
  message: JsonObject;
  headers: Record<string, string>;
  method: string;
}

/** A request of this revision; `id` undefined makes it a notification. */
export function requestBytes(
  env: FuzzEnv,
  id: IdCase | undefined,
  method = env.dialect.cheap.method,
  params: JsonObject | undefined = env.dialect.cheap.params,
  shape?: RequestShape,
): RequestBytes {
  const built = env.dialect.build(method, params, id === undefined ? undefined : id.value, shape);
  return { text: messageText(built.message, id?.text), message: built.message, headers: built.headers, method };
}

/** An id unique within a case, and (once the executor fills the salt) within the session. */
export function caseId(nonce: number, index: number): IdCase {
  const text = JSON.stringify(`mcp-conform-fuzz-${SALT}-${nonce}-${index}`);
  return { kind: 'string', text, value: JSON.parse(text) as string };
}

export const ANSWERED: Allowed[] = [{ answer: 'result' }, { answer: 'error' }];

/** The slot of a well-formed request: answered once, with its id, result or error. */
export function requestSlot(what: string, id: IdCase, method: string, allow: Allowed[] = ANSWERED): Slot {
  return { what, id: id.value as Slot['id'], idText: id.text, method, allow };
}

/** One step carrying this text: a line on stdio, the body on HTTP. */
export function messageStep(
  env: FuzzEnv,
  label: string,
  text: string,
  slots: Slot[],
  headers?: Record<string, string | null>,
): Step {
  const isHttp = env.transport === 'http';
  return { label, text: isHttp ? text : `${text}\n`, headers: isHttp ? headers : undefined, slots };
}
