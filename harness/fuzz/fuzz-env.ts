// What a property's arbitrary and plan know of the server and the run (FuzzEnv), read from the
// live target it runs against.
import type { TargetSpec } from '../target.js';
import type { LiveTarget } from './live-target.js';
import type { PropertyRunOptions } from './property-outcome.js';
import type { FuzzEnv, FuzzProperty } from './property.js';

const hasAuthorization = (target: TargetSpec): boolean =>
  target.kind === 'http' && Object.keys(target.headers).some((name) => name.toLowerCase() === 'authorization');

export function fuzzEnvFor(property: FuzzProperty, target: LiveTarget, options: PropertyRunOptions): FuzzEnv {
  return {
    revision: property.revision,
    transport: target.transport,
    profile: target.profile,
    toolCalls: options.toolCalls,
    dialect: target.dialect,
    claimed: options.claimed,
    answerTimeoutMs: options.execute.timeoutMs,
    authorized: hasAuthorization(target.options.target),
  };
}
