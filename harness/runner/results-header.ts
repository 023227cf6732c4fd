// The fields every results file opens with, for a run of checks and a fuzz run alike.
import { describeTarget, type TargetSpec } from '../target.js';
import { COOKIE_VARIABLE } from '../transports/descendants.js';
import { serverEnvironmentNames } from '../transports/server-env.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';
import { RESULTS_SCHEMA_VERSION, type RunResults } from '../results/results.js';

/** Format version, tool, timing (from `startedAt` and the `performance.now()` taken with it) and target. */
export function resultsHeader(
  target: TargetSpec,
  startedAt: Date,
  startedMs: number,
): Pick<RunResults, 'schemaVersion' | 'tool' | 'startedAt' | 'finishedAt' | 'durationMs' | 'target'> {
  return {
    schemaVersion: RESULTS_SCHEMA_VERSION,
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    durationMs: Math.round(performance.now() - startedMs),
    target: {
      transport: target.kind,
      description: describeTarget(target),
      ...(target.kind === 'stdio' && !target.inProcess
        ? { environment: [...serverEnvironmentNames(target), COOKIE_VARIABLE].sort() }
        : {}),
    },
  };
}
