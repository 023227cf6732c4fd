// Reads an event stream the way the SSE standard does (lines end in CRLF, LF or CR; a blank line
// ends an event; data lines join with newlines; the bytes of an event the stream ends inside of
// are dropped) and keeps what a lenient parser hides: lines that are no SSE field, and the
// unterminated event at the end, so the fuzz judge can say which framing rule broke.

export interface SseEvent {
  /** The data lines joined with newlines. */
  data: string;
  event?: string;
  id?: string;
  /** Lines that are neither a field (data, event, id, retry) nor a comment, e.g. a data line missing its prefix. */
  stray: string[];
}

const FIELD = new Set(['data', 'event', 'id', 'retry']);

export class SseReader {
  private buffer = '';
  private first = true;
  private data: string[] = [];
  private type: string | undefined;
  private id: string | undefined;
  private stray: string[] = [];
  /** The event's lines as sent (comments too), for evidence when the stream ends inside it. */
  private lines: string[] = [];
  private fields = 0;

  constructor(private readonly onEvent: (event: SseEvent) => void) {}

  feed(text: string): void {
    this.buffer += text;
    if (this.first && this.buffer.length > 0) {
      this.first = false;
      if (this.buffer.startsWith('\uFEFF')) this.buffer = this.buffer.slice(1);
    }
    this.drain(false);
  }

  /**
   * The server ended the stream: what was left unterminated, or undefined when the stream ended
   * on an event boundary. A client drops that partial event, message and all.
   */
  end(): string | undefined {
    this.drain(true);
    const partial = this.buffer;
    this.buffer = '';
    // Comments carry nothing: ending after one loses no message.
    if (this.fields === 0 && (partial.length === 0 || partial.startsWith(':'))) return undefined;
    const sent = [...this.lines, ...(partial.length > 0 ? [partial] : [])];
    this.reset();
    return sent.join('\n');
  }

  private drain(ended: boolean): void {
    let from = 0;
    for (;;) {
      const at = nextBreak(this.buffer, from);
      if (at === -1) break;
      // A CR that ends the text read so far may be the first half of a CRLF.
      if (this.buffer[at] === '\r' && at === this.buffer.length - 1 && !ended) break;
      this.line(this.buffer.slice(from, at));
      from = at + (this.buffer[at] === '\r' && this.buffer[at + 1] === '\n' ? 2 : 1);
    }
    this.buffer = this.buffer.slice(from);
  }

  private line(line: string): void {
    if (line === '') return this.dispatch();
    this.lines.push(line);
    if (line.startsWith(':')) return;
    this.fields++;
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (!FIELD.has(name)) this.stray.push(line);
    else if (name === 'data') this.data.push(value);
    else if (name === 'event') this.type = value;
    else if (name === 'id' && !value.includes('\0')) this.id = value;
  }

  private dispatch(): void {
    if (this.data.length > 0 || this.stray.length > 0)
      this.onEvent({ data: this.data.join('\n'), event: this.type, id: this.id, stray: this.stray });
    this.reset();
  }

  private reset(): void {
    this.data = [];
    this.type = undefined;
    this.id = undefined;
    this.stray = [];
    this.lines = [];
    this.fields = 0;
  }
}

function nextBreak(text: string, from: number): number {
  const lf = text.indexOf('\n', from);
  const cr = text.indexOf('\r', from);
  return lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
}
