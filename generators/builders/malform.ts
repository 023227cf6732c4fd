// Applies the framing generators' descriptions to real text: nests, truncates, inserts bytes.
import type { InvalidUtf8 } from '../framing/invalid-utf8.js';

/** A value nested `depth` levels deep, as JSON text (built without recursion). */
export function nestedText(depth: number, shape: 'array' | 'object'): string {
  const open = shape === 'array' ? '[' : '{"a":';
  const close = shape === 'array' ? ']' : '}';
  return open.repeat(depth) + '1' + close.repeat(depth);
}

/** The text cut at a fraction of its length: at least one byte, never all of it. */
export function truncate(text: string, at: number): string {
  const cut = 1 + Math.floor(Math.min(Math.max(at, 0), 0.999999) * (text.length - 1));
  return text.slice(0, Math.min(cut, text.length - 1));
}

/** The text's UTF-8 bytes with the invalid sequence inserted at a character boundary. */
export function withInvalidBytes(text: string, insert: InvalidUtf8): Buffer {
  const chars = [...text];
  const at = Math.floor(Math.min(Math.max(insert.at, 0), 1) * chars.length);
  return Buffer.concat([
    Buffer.from(chars.slice(0, at).join(''), 'utf8'),
    Buffer.from(insert.bytes),
    Buffer.from(chars.slice(at).join(''), 'utf8'),
  ]);
}
