// --jobs N: at most N targets at once, outcomes in the targets' order whatever order they end in.
import { expect, test } from 'vitest';
import { eachBounded } from '../../../../harness/faces/cli/target-pool.js';

test('never more than N at once, every item once, results in the items order', async () => {
  let running = 0;
  let most = 0;
  const seen: number[] = [];
  const delays = [30, 5, 20, 1, 10, 2];
  const out = await eachBounded(delays, 2, async (ms, i) => {
    running++;
    most = Math.max(most, running);
    await new Promise((resolve) => setTimeout(resolve, ms));
    seen.push(i);
    running--;
    return ms * 10;
  });
  expect(most).toBe(2);
  expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  expect(out).toEqual(delays.map((ms) => ms * 10));
});

test('one at a time is one after another; no items, no work', async () => {
  const order: number[] = [];
  await eachBounded([3, 1, 2], 1, async (ms, i) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    order.push(i);
  });
  expect(order).toEqual([0, 1, 2]);
  expect(await eachBounded([], 4, async () => 1)).toEqual([]);
});
