// --time-budget is shared: each property may use a fair share of what is left when it starts,
// so one property with a large --runs cannot starve the ones after it, and time a property
// leaves unused goes to those that follow.

export class TimeBudget {
  private left: number;

  /** `deadline` as performance.now() time (undefined: no budget); `properties` that will ask for a share. */
  constructor(
    readonly deadline: number | undefined,
    properties: number,
  ) {
    this.left = properties;
  }

  get spent(): boolean {
    return this.deadline !== undefined && performance.now() >= this.deadline;
  }

  /** The deadline of the next property: its share of the time left. Call once per property. */
  nextShare(now = performance.now()): number | undefined {
    const share = this.left > 0 ? this.left : 1;
    this.left = Math.max(0, this.left - 1);
    if (this.deadline === undefined) return undefined;
    return now + Math.max(0, this.deadline - now) / share;
  }
}
