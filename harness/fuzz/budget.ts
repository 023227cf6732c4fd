// --time-budget is shared: each property may use a fair share of what is left when it starts,
// so one property with a large --runs cannot starve the ones after it, and time a property
// leaves unused goes to those that follow. The share is soft: a property that has not yet run
// its minimum of cases (MIN_CASES) carries on past it, up to a hard end that still leaves every
// property after it half a fair share of the whole budget.

/** Cases every property runs within any budget, when its hard end allows (issue 28). */
export const MIN_CASES = 10;

/** A property's time: it stops at `share` once it has run its minimum of cases, and at `hard` in any case. */
export interface Turn {
  share: number;
  hard: number;
}

export class TimeBudget {
  private left: number;
  private readonly reserve: number;

  /** `deadline` as performance.now() time (undefined: no budget); `properties` that will ask for a share. */
  constructor(
    readonly deadline: number | undefined,
    properties: number,
    now = performance.now(),
  ) {
    this.left = properties;
    this.reserve = deadline === undefined ? 0 : Math.max(0, deadline - now) / Math.max(1, properties) / 2;
  }

  get spent(): boolean {
    return this.deadline !== undefined && performance.now() >= this.deadline;
  }

  /** The deadline of the next property: its share of the time left. Call once per property. */
  nextShare(now = performance.now()): number | undefined {
    return this.nextTurn(now)?.share;
  }

  /** The next property's share and hard end. Call once per property. */
  nextTurn(now = performance.now()): Turn | undefined {
    const share = this.left > 0 ? this.left : 1;
    this.left = Math.max(0, this.left - 1);
    if (this.deadline === undefined) return undefined;
    const end = now + Math.max(0, this.deadline - now) / share;
    // The properties after this one keep their reserve; this one never ends before its share.
    return { share: end, hard: Math.max(end, this.deadline - this.left * this.reserve) };
  }
}
