// JSON text of a message with its id spliced in as an exact literal: JSON.stringify cannot write
// 9007199254740993, 1.0 or 1e3, and those spellings are what an id fuzzer has to send.
import type { JsonObject } from '../../harness/model.js';

const PLACEHOLDER = '\u0000mcp-conform-id\u0000';

/** The message as one line of JSON; with `idText`, its id member is written exactly so. */
export function messageText(message: JsonObject, idText?: string): string {
  if (idText === undefined) return JSON.stringify(message);
  return JSON.stringify({ ...message, id: PLACEHOLDER }).replace(JSON.stringify(PLACEHOLDER), () => idText);
}
