// A stdio server's stdout, frame by frame: messages, pollution (each stray line with its reason),
// lines over the cap (a message's head, or noise), and pretty-printed messages joined from the
// lines they were spread over (delivered, and recorded as the pollution they are).
import type { JsonObject } from '../model.js';
import type { Frame } from './line-framer.js';
import { hasByteOrderMark } from './line-text.js';
import { SpreadMessageJoiner } from './spread-message.js';
import { looksLikeMessage, noiseReason, parseFrame } from './stdout-frame.js';
import type { StdoutPollution } from './stdout-pollution.js';

export interface StdoutSink {
  /** `faults`: what its line needed mending to be read; the message is the server's all the same. */
  message(message: JsonObject, crlf: boolean, bytes: number, faults: string[]): void;
  /** A line over the cap whose head reads like a message. */
  overCap(head: Uint8Array, totalBytes: number): void;
}

export class StdoutReader {
  private readonly spread: SpreadMessageJoiner;

  constructor(
    maxLineBytes: number,
    private readonly pollution: StdoutPollution,
    private readonly sink: StdoutSink,
  ) {
    this.spread = new SpreadMessageJoiner(maxLineBytes);
  }

  read(frame: Frame): void {
    if (frame.kind !== 'line' || (this.spread.holding && parseFrame(frame.bytes).ok)) this.end();
    if (frame.kind === 'line' && this.spread.holding) return this.offerSpread(frame.bytes);
    if (frame.kind === 'oversized') {
      if (looksLikeMessage(frame.head)) this.sink.overCap(frame.head, frame.totalBytes);
      else
        this.pollution.record(
          frame.head,
          `line of ${frame.totalBytes} bytes exceeds the line cap; dropped`,
          frame.totalBytes,
        );
      return;
    }
    if (frame.kind === 'partial') {
      this.pollution.record(frame.bytes, 'bytes without a terminating newline when stdout closed');
      return;
    }
    if (this.pollution.flooding && frame.bytes[0] !== 0x7b && !hasByteOrderMark(frame.bytes)) {
      this.pollution.record(frame.bytes, ''); // counted only; no need to say why
      return;
    }
    const parsed = parseFrame(frame.bytes);
    if (!parsed.ok) return this.offerSpread(frame.bytes);
    this.sink.message(parsed.message, frame.crlf, frame.bytes.length, parsed.faults);
  }

  /** Lines held as a maybe-spread message are noise after all: stdout ended, or a message came. */
  end(): void {
    for (const noise of this.spread.drain()) this.pollution.record(noise, noiseReason(noise));
  }

  /** A line that is no message alone: maybe a line of a pretty-printed one. */
  private offerSpread(line: Uint8Array): void {
    const offered = this.spread.offer(line);
    if (offered.kind === 'held') return;
    if (offered.kind === 'released') {
      for (const noise of offered.lines) this.pollution.record(noise, noiseReason(noise));
      return;
    }
    this.pollution.record(
      offered.head,
      `a JSON-RPC message spread over ${offered.lines} lines (pretty-printed): messages MUST NOT contain embedded newlines; delivered anyway`,
      offered.bytes,
    );
    this.sink.message(offered.message, false, offered.bytes, offered.faults);
  }
}
