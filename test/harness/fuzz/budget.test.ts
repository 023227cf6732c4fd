// --time-budget is shared fairly: each property may use what is left divided by the properties
// still to run, so time one leaves unused goes to the next, and none starves the others.
import { describe, expect, test } from 'vitest';
import { TimeBudget } from '../../../harness/fuzz/budget.js';
import { MIN_SHRINK_MS, PropertyClock } from '../../../harness/fuzz/property-clock.js';
import type { PropertyRunOptions } from '../../../harness/fuzz/property-outcome.js';

describe('TimeBudget', () => {
  test('gives each property its share of what is left when it starts', () => {
    const budget = new TimeBudget(3000, 3);
    expect(budget.nextShare(0)).toBe(1000);
    // The first property stopped early, at 400: the two left share 2600.
    expect(budget.nextShare(400)).toBe(1700);
    expect(budget.nextShare(1700)).toBe(3000);
  });

  test('a property beyond the count given still gets what is left, never past the deadline', () => {
    const budget = new TimeBudget(1000, 1);
    expect(budget.nextShare(0)).toBe(1000);
    expect(budget.nextShare(500)).toBe(1000);
    expect(budget.nextShare(2000)).toBe(2000);
  });

  test('no budget, no deadline', () => {
    const budget = new TimeBudget(undefined, 2);
    expect(budget.nextShare(0)).toBeUndefined();
    expect(budget.spent).toBe(false);
  });

  test('spent once the deadline has passed', () => {
    expect(new TimeBudget(performance.now() - 1, 1).spent).toBe(true);
    expect(new TimeBudget(performance.now() + 60_000, 1).spent).toBe(false);
  });

  test('a share is soft: the hard end leaves every later property half a fair share of the whole budget', () => {
    const budget = new TimeBudget(4000, 4, 0);
    // 4 s for 4 properties: a reserve of 500 ms for each that comes later.
    expect(budget.nextTurn(0)).toEqual({ share: 1000, hard: 2500 });
    expect(budget.nextTurn(2500)).toEqual({ share: 3000, hard: 3000 });
    expect(budget.nextTurn(3000)).toEqual({ share: 3500, hard: 3500 });
    expect(budget.nextTurn(3200)).toEqual({ share: 4000, hard: 4000 });
  });
});

describe('PropertyClock', () => {
  const clock = (share?: { until: number; minCases: number }) =>
    new PropertyClock({ share } as unknown as PropertyRunOptions);

  test('shrinking stops at the share end, never sooner than MIN_SHRINK_MS, never later than its own budget', () => {
    expect(clock().shrinkEnd(30_000, 1000)).toBe(31_000);
    expect(clock({ until: 10_000, minCases: 10 }).shrinkEnd(30_000, 1000)).toBe(10_000);
    expect(clock({ until: 10_000, minCases: 10 }).shrinkEnd(30_000, 9500)).toBe(9500 + MIN_SHRINK_MS);
    expect(clock({ until: 90_000, minCases: 10 }).shrinkEnd(30_000, 1000)).toBe(31_000);
  });
});
