// The governor asks V8 for a collection once the heap passes its threshold, or grows by half of it
// over what stayed live, and never before it has grown by a quarter: what is live is never chased.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { governMemory, v8Hooks } from '../../../../harness/faces/cli/memory-governor.js';

afterEach(() => vi.useRealTimers());

const MB = 1024 * 1024;

/** Collections the governor asks for over `ticks` readings (and one more right after each collection). */
function collectionsOver(thresholdMb: number, readingsMb: number[], ticks: number): number {
  vi.useFakeTimers();
  const readings = readingsMb.map((n) => n * MB);
  let collections = 0;
  const stop = governMemory(thresholdMb * MB, { heapUsed: () => readings.shift() ?? 0, collect: () => collections++ });
  vi.advanceTimersByTime(20 * ticks);
  stop();
  return collections;
}

describe('memory governor', () => {
  test('collects past the threshold, then only after growth of a quarter of it', () => {
    // 170 past 160: collected, 150 live. 170 and 180 are past the threshold but not 40 over what
    // stayed live: left alone. 200 is: collected again.
    expect(collectionsOver(160, [50, 170, /* after */ 150, 170, 180, 200, /* after */ 100], 5)).toBe(2);
  });

  test('below the threshold, collects once the heap is half of it over what stayed live', () => {
    // Big short-lived strings piling up over a small live heap, never near the threshold. 100 is over
    // 64 past nothing collected yet: collected, 30 live. 60 and 90 are within 64 of it; 100 is not:
    // collected again.
    expect(collectionsOver(128, [30, 100, /* after */ 30, 60, 90, 100, /* after */ 30], 5)).toBe(2);
  });

  test('with V8 itself: gc is made reachable at run time, and a collection frees what is dead', () => {
    const hooks = v8Hooks();
    let garbage: number[][] | undefined = Array.from({ length: 200 }, () => Array.from({ length: 10_000 }, () => 1.5));
    const withGarbage = hooks.heapUsed();
    garbage = undefined;
    hooks.collect();
    expect(garbage).toBeUndefined();
    expect(hooks.heapUsed()).toBeLessThan(withGarbage);
  });
});
