// Pretty-printed JSON on stdio: one message spread over several lines breaks the framing rule
// (one message per line, no embedded newlines), yet it is what the server said. Lines that do not
// parse alone are held from one that opens an object until together they make a JSON-RPC
// message; then the connection records the framing fault and still delivers the message, so the
// server is judged on its answers instead of being taken for unreachable.
import { isObject, type JsonObject } from '../model.js';
import { parseBoundedJson } from './bounded-json.js';
import { decodeLine } from './line-text.js';

export type Offered =
  /** Kept: the lines so far may be the start of a message. */
  | { kind: 'held' }
  /** The held lines make one message. */
  | { kind: 'message'; message: JsonObject; lines: number; bytes: number; head: Uint8Array; faults: string[] }
  /** Not a message after all (or too long to keep): these lines are plain stdout noise. */
  | { kind: 'released'; lines: Uint8Array[] };

const MAX_LINES = 10_000;

const firstByte = (bytes: Uint8Array) => bytes.find((byte) => byte !== 0x20 && byte !== 0x09);
const lastByte = (bytes: Uint8Array) => {
  for (let i = bytes.length - 1; i >= 0; i--)
    if (bytes[i] !== 0x20 && bytes[i] !== 0x09 && bytes[i] !== 0x0d) return bytes[i];
  return undefined;
};

export class SpreadMessageJoiner {
  private held: Uint8Array[] = [];
  private heldBytes = 0;

  constructor(private readonly maxBytes: number) {}

  get holding(): boolean {
    return this.held.length > 0;
  }

  /** A line that did not parse as a message on its own. */
  offer(line: Uint8Array): Offered {
    if (!this.holding && firstByte(line) !== 0x7b) return { kind: 'released', lines: [line] };
    this.held.push(Buffer.from(line));
    this.heldBytes += line.length + 1;
    if (this.held.length > MAX_LINES || this.heldBytes > this.maxBytes)
      return { kind: 'released', lines: this.drain() };
    // Only a line that could close the object is worth a parse: no quadratic re-parsing of long messages.
    if (lastByte(line) !== 0x7d) return { kind: 'held' };
    const parsed = this.parseHeld();
    if (!parsed) return { kind: 'held' };
    const lines = this.held.length;
    const bytes = this.heldBytes;
    const head = this.held[0];
    this.held = [];
    this.heldBytes = 0;
    return { kind: 'message', message: parsed.message, faults: parsed.faults, lines, bytes, head };
  }

  /** Everything held, as noise (a whole line arrived, or stdout ended). */
  drain(): Uint8Array[] {
    const lines = this.held;
    this.held = [];
    this.heldBytes = 0;
    return lines;
  }

  private parseHeld(): { message: JsonObject; faults: string[] } | undefined {
    try {
      const { text, faults } = decodeLine(Buffer.concat(this.held.flatMap((line) => [line, Buffer.from('\n')])));
      const value = parseBoundedJson(text);
      const isMessage = isObject(value) && ('method' in value || 'result' in value || 'error' in value);
      return isMessage ? { message: value, faults } : undefined;
    } catch {
      return undefined;
    }
  }
}
