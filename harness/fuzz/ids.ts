// Comparing JSON-RPC ids as a client must: same JSON type and same value. Numbers compare as the
// doubles a JSON parser reads, so 2^53+1 sent and 2^53 answered is the same id to any JS client.

/** Strict: same type and value. Loose: same text, whatever the type (to explain a mismatch). */
export function idsEqual(answered: unknown, sent: unknown, loose = false): boolean {
  if (answered === undefined || sent === undefined) return false;
  if (typeof answered === typeof sent) {
    // An echoed object/array/null id is "the same id" when it is the same JSON.
    if (typeof sent === 'object') return JSON.stringify(answered) === JSON.stringify(sent);
    return answered === sent;
  }
  if (!loose) return false;
  return String(answered) === String(sent);
}

/** How an id is shown in a failure: its JSON text and its type. */
export function showId(id: unknown, text?: string): string {
  const json = text ?? JSON.stringify(id);
  return `${json} (${id === null ? 'null' : Array.isArray(id) ? 'array' : typeof id})`;
}
