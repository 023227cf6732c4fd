// stderr is kept as its first and last bytes: what is kept must be exactly those bytes in order,
// and a long stream must not cost a new buffer per chunk.
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { HeadTailBuffer } from '../../../harness/transports/stdio-process.js';

/** What a budget of `budget` bytes keeps of `bytes`, worked out on the whole stream at once. */
function expected(bytes: Buffer, budget: number): string {
  const half = Math.floor(budget / 2);
  const head = bytes.subarray(0, half);
  const rest = bytes.subarray(head.length);
  const tail = rest.subarray(Math.max(0, rest.length - half));
  const dropped = bytes.length - head.length - tail.length;
  const middle = dropped > 0 ? `\n[... ${dropped} bytes of stderr not kept ...]\n` : '';
  return head.toString('utf8') + middle + tail.toString('utf8');
}

describe('HeadTailBuffer', () => {
  test('keeps the first and last half of its budget, in order, however the stream is chunked', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ maxLength: 40 }), { maxLength: 30 }),
        fc.integer({ min: 1, max: 48 }),
        (chunks, budget) => {
          const buffer = new HeadTailBuffer(budget);
          for (const chunk of chunks) buffer.push(chunk);
          const all = Buffer.concat(chunks);
          expect(buffer.total).toBe(all.length);
          expect(buffer.toString()).toBe(expected(all, budget));
        },
      ),
      { numRuns: 500 },
    );
  });

  test('past its head, a chunk is copied into the tail in place: no new buffer per chunk', () => {
    const buffer = new HeadTailBuffer(256 * 1024);
    const chunk = Buffer.alloc(64 * 1024, 'x');
    for (let i = 0; i < 4; i++) buffer.push(chunk); // the head is full
    const concat = vi.spyOn(Buffer, 'concat');
    try {
      for (let i = 0; i < 800; i++) buffer.push(chunk); // 50 MB, as the stderr flood sends
      // The old tail joined itself and each chunk into a new 192 KB buffer: 800 joins here.
      expect(concat).not.toHaveBeenCalled();
    } finally {
      concat.mockRestore();
    }
    expect(buffer.total).toBe(804 * 64 * 1024);
    expect(buffer.toString()).toContain(`[... ${804 * 64 * 1024 - 256 * 1024} bytes of stderr not kept ...]`);
  });
});
