// Splits a byte stream into newline-delimited frames with a hard cap on buffered bytes,
// so a server that writes one endless line cannot exhaust memory.

export type Frame =
  | { kind: 'line'; bytes: Uint8Array; crlf: boolean }
  /** A line longer than the cap: its head is kept, the rest is counted and dropped. */
  | { kind: 'oversized'; head: Uint8Array; totalBytes: number }
  /** Bytes left without a newline when the stream ended. */
  | { kind: 'partial'; bytes: Uint8Array };

export class LineFramer {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private overflowHead: Buffer | undefined;
  private overflowBytes = 0;

  constructor(private readonly maxLineBytes: number) {}

  /** Frames are views valid only during `emit`: consumers copy what they keep. */
  push(chunk: Uint8Array, emit: (frame: Frame) => void): void {
    let data = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    for (;;) {
      const newline = data.indexOf(0x0a);
      if (newline === -1) {
        this.append(data);
        return;
      }
      if (this.buffered === 0 && !this.overflowHead && newline <= this.maxLineBytes) {
        // Fast path: the whole line is inside this chunk; no copy.
        const crlf = newline > 0 && data[newline - 1] === 0x0d;
        emit({ kind: 'line', bytes: data.subarray(0, crlf ? newline - 1 : newline), crlf });
      } else {
        this.append(data.subarray(0, newline));
        this.flushLine(emit);
      }
      data = data.subarray(newline + 1);
    }
  }

  end(emit: (frame: Frame) => void): void {
    if (this.overflowHead) {
      emit({ kind: 'oversized', head: this.overflowHead, totalBytes: this.overflowBytes });
    } else if (this.buffered > 0) {
      emit({ kind: 'partial', bytes: Buffer.concat(this.chunks) });
    }
    this.reset();
  }

  /** Bytes currently held, for memory accounting in tests. */
  get bufferedBytes(): number {
    return this.buffered;
  }

  private append(data: Buffer): void {
    if (data.length === 0) return;
    if (this.overflowHead) {
      this.overflowBytes += data.length;
      return;
    }
    if (this.buffered + data.length > this.maxLineBytes) {
      const head = Buffer.concat([...this.chunks, data]).subarray(0, Math.min(this.maxLineBytes, 4096));
      this.overflowHead = Buffer.from(head);
      this.overflowBytes = this.buffered + data.length;
      this.chunks = [];
      this.buffered = 0;
      return;
    }
    // Copy: the caller's chunk may be reused by the stream.
    this.chunks.push(Buffer.from(data));
    this.buffered += data.length;
  }

  private flushLine(emit: (frame: Frame) => void): void {
    if (this.overflowHead) {
      emit({ kind: 'oversized', head: this.overflowHead, totalBytes: this.overflowBytes });
    } else {
      let bytes = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
      const crlf = bytes.length > 0 && bytes[bytes.length - 1] === 0x0d;
      if (crlf) bytes = bytes.subarray(0, bytes.length - 1);
      emit({ kind: 'line', bytes, crlf });
    }
    this.reset();
  }

  private reset(): void {
    this.chunks = [];
    this.buffered = 0;
    this.overflowHead = undefined;
    this.overflowBytes = 0;
  }
}
