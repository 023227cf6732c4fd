// One property against the live target with fast-check: each run is one case (plan, send,
// judge); a failing case throws, fast-check shrinks it by re-running smaller cases on the same
// server, and the last failing run is the finding, with the seed and path that replay it. The
// run itself: property-run.ts.
import type { Level } from '../model.js';
import type { Failure } from './judge.js';
import type { LiveTarget } from './live-target.js';
import type { FuzzProperty } from './property.js';
import type { PropertyOutcome, PropertyRunOptions } from './property-outcome.js';
import { PropertyRun } from './property-run.js';

export { CaseFailure } from './case-failure.js';
export { GUIDED_SHARE, guidedPath, guidedRunsOf, parseGuidedPath } from './guided-path.js';
export type { PropertyOutcome, PropertyRunOptions } from './property-outcome.js';

/** The worst level among a case's failures: a SHOULD property that crashed the server is a MUST finding. */
export function levelOf(failures: Failure[]): Level {
  return failures.some((f) => f.level === 'MUST')
    ? 'MUST'
    : failures.some((f) => f.level === 'SHOULD')
      ? 'SHOULD'
      : 'MAY';
}

export function runProperty(
  property: FuzzProperty,
  target: LiveTarget,
  options: PropertyRunOptions,
): Promise<PropertyOutcome> {
  return new PropertyRun(property, target, options).run();
}
