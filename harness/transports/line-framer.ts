// Splits a byte stream into newline-delimited frames with a hard cap on buffered bytes,
// so a server that writes one endless line cannot exhaust memory.

export type Frame =
  | { kind: 'line'; bytes: Uint8Array; crlf: boolean }
  /** A line longer than the cap: its head is kept, the rest is counted and dropped. */
  | { kind: 'oversized'; head: Uint8Array; totalBytes: number }
  /** Bytes left without a newline when the stream ended. */
  | { kind: 'partial'; bytes: Uint8Array };

const FIRST_CAPACITY = 64 * 1024;

export class LineFramer {
  // One buffer, grown by doubling and kept, holds every line that spans chunks: a new
  // multi-megabyte buffer per long line is what the allocator kept as resident memory.
  private line: Buffer | undefined;
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
    } else if (this.buffered > 0 && this.line) {
      emit({ kind: 'partial', bytes: this.line.subarray(0, this.buffered) });
    }
    this.reset();
    this.line = undefined;
  }

  /** Bytes currently held, for memory accounting in tests. */
  get bufferedBytes(): number {
    return this.buffered;
  }

  /** Bytes reserved for lines that span chunks, for memory accounting in tests. */
  get capacityBytes(): number {
    return this.line?.length ?? 0;
  }

  private append(data: Buffer): void {
    if (data.length === 0) return;
    if (this.overflowHead) {
      this.overflowBytes += data.length;
      return;
    }
    const needed = this.buffered + data.length;
    if (needed > this.maxLineBytes) {
      const held = this.line?.subarray(0, Math.min(this.buffered, 4096)) ?? Buffer.alloc(0);
      const head = Buffer.concat([held, data.subarray(0, 4096)]);
      this.overflowHead = head.subarray(0, Math.min(this.maxLineBytes, 4096));
      this.overflowBytes = needed;
      this.buffered = 0;
      this.line = undefined; // a server writing lines past the cap gains nothing from a kept buffer
      return;
    }
    // Copy: the caller's chunk may be reused by the stream.
    this.reserve(needed).set(data, this.buffered);
    this.buffered = needed;
  }

  private reserve(bytes: number): Buffer {
    if (this.line && this.line.length >= bytes) return this.line;
    let capacity = Math.max(this.line?.length ?? 0, FIRST_CAPACITY);
    while (capacity < bytes) capacity *= 2;
    const grown = Buffer.allocUnsafeSlow(Math.min(capacity, this.maxLineBytes));
    if (this.line) this.line.copy(grown, 0, 0, this.buffered);
    this.line = grown;
    return grown;
  }

  private flushLine(emit: (frame: Frame) => void): void {
    if (this.overflowHead) {
      emit({ kind: 'oversized', head: this.overflowHead, totalBytes: this.overflowBytes });
    } else {
      let bytes = this.line ? this.line.subarray(0, this.buffered) : Buffer.alloc(0);
      const crlf = bytes.length > 0 && bytes[bytes.length - 1] === 0x0d;
      if (crlf) bytes = bytes.subarray(0, bytes.length - 1);
      emit({ kind: 'line', bytes, crlf });
    }
    this.reset();
  }

  private reset(): void {
    this.buffered = 0;
    this.overflowHead = undefined;
    this.overflowBytes = 0;
  }
}
