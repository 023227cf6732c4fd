import { describe, expect, test } from 'vitest';
import { LineFramer, type Frame } from '../../../harness/transports/line-framer.js';

function frames(chunks: (string | Uint8Array)[], cap = 1024): Frame[] {
  const framer = new LineFramer(cap);
  const out: Frame[] = [];
  for (const chunk of chunks) framer.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk, (f) => out.push(f));
  framer.end((f) => out.push(f));
  return out;
}

const text = (frame: Frame) => (frame.kind === 'line' ? Buffer.from(frame.bytes).toString() : frame.kind);

describe('LineFramer', () => {
  test('splits several messages in one chunk and one message across chunks', () => {
    expect(frames(['{"a":1}\n{"b"', ':2}\n']).map(text)).toEqual(['{"a":1}', '{"b":2}']);
  });

  test('reports CRLF line endings and blank lines as their own frames', () => {
    const out = frames(['{"a":1}\r\n\n']);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({ kind: 'line', crlf: true });
    expect(text(out[1])).toBe('');
  });

  test('bytes left without a newline at the end are a partial frame', () => {
    expect(frames(['{"a":1}\n{"trunc']).map((f) => f.kind)).toEqual(['line', 'partial']);
  });

  test('a line over the cap is reported once with its size, and memory stays bounded', () => {
    const framer = new LineFramer(64);
    const out: Frame[] = [];
    for (let i = 0; i < 1000; i++) framer.push(Buffer.alloc(1000, 0x61), (f) => out.push(f));
    expect(framer.bufferedBytes).toBe(0);
    framer.push(Buffer.from('\n{"ok":1}\n'), (f) => out.push(f));
    expect(out[0]).toMatchObject({ kind: 'oversized', totalBytes: 1_000_000 });
    expect(text(out[1])).toBe('{"ok":1}');
  });

  test('keeps multi-byte UTF-8 split across chunks intact', () => {
    const bytes = Buffer.from('{"s":"世界"}\n');
    expect(frames([bytes.subarray(0, 8), bytes.subarray(8)]).map(text)).toEqual(['{"s":"世界"}']);
  });

  test('lines that span chunks are read whole, each from the same reused buffer', () => {
    const framer = new LineFramer(1024 * 1024);
    const lines: string[] = [];
    const lengths = [300_000, 70_000, 300_000, 5, 200_000];
    for (const [n, length] of lengths.entries()) {
      const line = Buffer.from(`${String.fromCharCode(97 + n).repeat(length)}\n`);
      for (let at = 0; at < line.length; at += 65_536)
        framer.push(line.subarray(at, at + 65_536), (f) => lines.push(text(f)));
      if (n === 0) expect(framer.capacityBytes).toBe(512 * 1024);
    }
    expect(lines.map((line) => [line.length, line[0], line.at(-1)])).toEqual(
      lengths.map((length, n) => [length, String.fromCharCode(97 + n), String.fromCharCode(97 + n)]),
    );
    // Grown once, for the first long line, and never again.
    expect(framer.capacityBytes).toBe(512 * 1024);
  });

  test('the buffer never grows past the line cap', () => {
    const framer = new LineFramer(100_000);
    const out: Frame[] = [];
    framer.push(Buffer.alloc(99_999, 0x61), (f) => out.push(f));
    framer.push(Buffer.from('\n'), (f) => out.push(f));
    expect(out).toMatchObject([{ kind: 'line', crlf: false }]);
    expect(out[0].kind === 'line' && out[0].bytes.length).toBe(99_999);
    expect(framer.capacityBytes).toBe(100_000);
    // A line past the cap frees it.
    framer.push(Buffer.alloc(100_001, 0x61), (f) => out.push(f));
    expect(framer.capacityBytes).toBe(0);
  });
});
