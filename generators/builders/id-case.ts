// An id as a fuzz case carries it: the JSON text sent, the value a JSON parser reads back, and
// which rule of the spec that kind of id falls under.

export type IdKind =
  /** Ids the spec allows: strings and integers (safe range). */
  | 'string'
  | 'integer'
  /** Integers past 2^53: valid JSON-RPC, but a double-based parser rounds them. */
  | 'unsafe-integer'
  /** Numbers with a fraction, or integers spelled 1.0 / 1e3: not the "string or integer" the spec asks for. */
  | 'fractional'
  | 'integral-spelling'
  /** Never a valid MCP id. */
  | 'null'
  | 'boolean'
  | 'object'
  | 'array';

export interface IdCase {
  kind: IdKind;
  /** The id member's JSON text. */
  text: string;
  /** What JSON.parse reads from it. */
  value: unknown;
}

export function idCase(kind: IdKind, text: string): IdCase {
  return { kind, text, value: JSON.parse(text) as unknown };
}

/** Kinds a conforming server answers like any request, echoing the id. */
export function isValidIdKind(kind: IdKind): boolean {
  return kind === 'string' || kind === 'integer';
}
