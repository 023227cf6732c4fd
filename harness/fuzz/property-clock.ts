// A property's time under --time-budget (harness/fuzz/budget.ts): fast-check is interrupted at the
// hard end; the pre-screen takes half the soft share at most; and once the share is over and the
// minimum of cases has run, the runs left pass unsent (never while a finding shrinks). Shrinking
// ends with the share too (after at least MIN_SHRINK_MS): it must not take the time of the search.
import fc from 'fast-check';
import type { PropertyRunOptions } from './property-outcome.js';

/** Shrinking a finding made past the share still gets this long. */
export const MIN_SHRINK_MS = 2000;

export class PropertyClock {
  private past = false;

  constructor(private readonly options: PropertyRunOptions) {}

  /** fast-check's interruption at the property's hard end, if it has one. */
  limit(): ReturnType<typeof fc.interruptAfterTimeLimit>[] {
    const { deadline } = this.options;
    return deadline === undefined ? [] : [fc.interruptAfterTimeLimit(Math.max(1, deadline - performance.now()))];
  }

  /** The options the pre-screen reads: its half is of the share, not of the hard end. */
  screenOptions(): PropertyRunOptions {
    const { options } = this;
    return options.share === undefined ? options : { ...options, deadline: options.share.until };
  }

  /** True from the first moment past the share with `cases` at least the minimum, unless `shrinking`. */
  shareUsed(cases: number, shrinking: boolean): boolean {
    const share = this.options.share;
    if (this.past || share === undefined || shrinking) return this.past;
    this.past = cases >= share.minCases && performance.now() >= share.until;
    return this.past;
  }

  /** When shrinking a failure found now must stop: its budget, cut at the share's end (but never at once). */
  shrinkEnd(shrinkBudgetMs: number, now = performance.now()): number {
    const budgetEnd = now + shrinkBudgetMs;
    const share = this.options.share;
    return share === undefined ? budgetEnd : Math.min(budgetEnd, Math.max(share.until, now + MIN_SHRINK_MS));
  }

  /** Whether the share ended the property's runs. */
  get stoppedAtShare(): boolean {
    return this.past;
  }
}
