// The lab's side-by-side runner: never wider than asked, answers in the items' order.
import { describe, expect, test } from 'vitest';
import { inTurns } from '../../../scripts/interop/in-turns.js';

describe('inTurns', () => {
  test('works on at most `width` items at once and keeps their order in the answers', async () => {
    let inFlight = 0;
    let widest = 0;
    const answers = await inTurns([30, 5, 20, 1, 10], 2, async (ms) => {
      inFlight++;
      widest = Math.max(widest, inFlight);
      await new Promise((resolve) => setTimeout(resolve, ms));
      inFlight--;
      return ms * 2;
    });
    expect(answers).toEqual([60, 10, 40, 2, 20]);
    expect(widest).toBe(2);
  });

  test('width 1 is one after another; an empty list is no work', async () => {
    const order: number[] = [];
    await inTurns([3, 1, 2], 1, async (n) => {
      order.push(n);
      await new Promise((resolve) => setTimeout(resolve, n));
    });
    expect(order).toEqual([3, 1, 2]);
    expect(await inTurns([], 4, async () => 1)).toEqual([]);
  });
});
