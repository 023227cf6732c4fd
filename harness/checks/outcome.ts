// How a check ends other than by passing: thrown, so `run` reads top to bottom.

export interface Evidence {
  expected?: unknown;
  actual?: unknown;
}

export class CheckFailure extends Error {
  constructor(
    readonly reason: string,
    readonly evidence: Evidence = {},
  ) {
    super(reason);
  }
}

/** Ends the check as a warning whatever its level (e.g. the spec contradicts itself). */
export class CheckWarning extends Error {
  constructor(
    readonly reason: string,
    readonly evidence: Evidence = {},
  ) {
    super(reason);
  }
}

export class CheckSkip extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export function fail(reason: string, evidence?: Evidence): never {
  throw new CheckFailure(reason, evidence);
}

export function warn(reason: string, evidence?: Evidence): never {
  throw new CheckWarning(reason, evidence);
}

export function skip(reason: string): never {
  throw new CheckSkip(reason);
}

/** The server's behaviour could not be established (e.g. silence without a barrier): verdict error, never pass or fail. */
export class CheckInconclusive extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export function inconclusive(reason: string): never {
  throw new CheckInconclusive(reason);
}
