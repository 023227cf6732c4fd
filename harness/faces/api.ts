// The library face of mcp-conform: run the suites from code and get the results JSON back.
import { FROZEN_PROFILES } from '../../suites/profiles.js';
import { ALL_CHECKS } from '../../suites/index.js';
import type { Check } from '../checks/check.js';
import { isRevision, REVISIONS, type Revision } from '../model.js';
import { unmatchedPatternProblems } from './pattern-hints.js';
import type { RunResults } from '../results/results.js';
import { runChecks, type RunRequest } from '../runner/run.js';
import { withStartupAllowance, type TargetSpec } from '../target.js';
import type { InProcessServer } from '../transports/in-process-server.js';
import { httpTarget, inProcessServerTarget, stdioTarget, TargetError } from './targets.js';
import { catalogLookup } from './catalog-lookup.js';

/**
 * A server to test: a command line (or argv) to spawn, a Streamable HTTP URL, or a server object in
 * this process, connected over in-memory streams carrying stdio's bytes (a fresh one per connection).
 */
export type ConformanceTarget =
  | {
      stdio: string | string[];
      cwd?: string;
      /** Variables set for the server; besides them it gets only an allow-list of ours (PATH, HOME...). */
      env?: Record<string, string>;
      /** Our whole environment instead of the allow-list. */
      inheritEnv?: boolean;
    }
  | { url: string; headers?: Record<string, string> }
  | { inProcess: InProcessServer };

export interface ConformanceOptions {
  target: ConformanceTarget;
  /** Default 'auto': probe the server and run every revision it claims. */
  revisions?: Revision[] | 'auto';
  /** Check id patterns to run (prefix or glob); default all. */
  checks?: string[];
  /** Check id patterns to leave out. */
  skip?: string[];
  /** SHOULD-level misses fail instead of warning. */
  strict?: boolean;
  /** Shortest wait for each response in ms (default 5000); it grows with the server's answer times. */
  timeoutMs?: number;
  /** The most the per-response wait may grow to (default 15000). */
  maxTimeoutMs?: number;
  /** How long a new stdio process may take to write its first output before request clocks start (default 30000). */
  startupTimeoutMs?: number;
  /** Checks in flight at once (default 8). */
  concurrency?: number;
  /** Validate against official schema files in DIR/<revision>/schema.json instead of the built-in schemas. */
  schemaDir?: string;
  /** Aborting stops the run; the results are marked interrupted. */
  signal?: AbortSignal;
  /** Extra run settings, as the CLI passes them (tool-call policy, sharding...). */
  settings?: Partial<Omit<RunRequest, 'target' | 'checks'>>;
}

/** Options that cannot describe a run (a bad URL, an empty command); what runConformance rejects with. */
export class ConformanceOptionsError extends Error {}

/** The harness's target for a ConformanceTarget; throws ConformanceOptionsError when it is not usable. */
export function toTargetSpec(target: ConformanceTarget): TargetSpec {
  try {
    if ('url' in target) return httpTarget(target.url, target.headers ?? {}, 'target.url');
    if ('inProcess' in target) return inProcessServerTarget(target.inProcess, 'target.inProcess');
    if (!('stdio' in target))
      throw new ConformanceOptionsError('target needs "stdio" (a command), "url" or "inProcess" (a server object)');
    const labels = { command: 'target.stdio', cwd: 'target.cwd' };
    return stdioTarget(target.stdio, target.cwd, target.env ?? {}, labels, target.inheritEnv === true);
  } catch (error) {
    throw error instanceof TargetError ? new ConformanceOptionsError(error.message) : error;
  }
}

function positive(value: number | undefined, name: string): number | undefined {
  if (value !== undefined && !(Number.isInteger(value) && value > 0))
    throw new ConformanceOptionsError(`${name} must be a positive integer, got ${value}`);
  return value;
}

/** 'auto' or a non-empty list of known revisions; a typo must not run nothing and resolve green. */
function revisionsOption(value: unknown): Revision[] | 'auto' | undefined {
  if (value === undefined || value === 'auto') return value;
  if (!Array.isArray(value) || value.length === 0)
    throw new ConformanceOptionsError(`revisions must be 'auto' or a non-empty list of ${REVISIONS.join(', ')}`);
  for (const item of value)
    if (!isRevision(item))
      throw new ConformanceOptionsError(`unknown revision ${JSON.stringify(item)}; known: ${REVISIONS.join(', ')}`);
  return value as Revision[];
}

/** A checks/skip pattern that selects nothing is a typo; reject it with the closest ids. */
function patternsOption(patterns: string[] | undefined, name: string): string[] | undefined {
  const problems = unmatchedPatternProblems(
    ALL_CHECKS.map((check) => check.id),
    patterns,
    `${name} pattern`,
  );
  if (problems.length > 0) throw new ConformanceOptionsError(problems.join('\n'));
  return patterns;
}

/** Drops undefined members, so they do not hide the runner's defaults. */
function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, member]) => member !== undefined)) as Partial<T>;
}

/**
 * Runs the conformance suites against a server and resolves with the full results (the same
 * JSON `mcp-conform run --json` writes). A failing or unreachable server still resolves: read
 * `results.outcome`, `results.exitCode` and `results.checks`. It never throws synchronously; it
 * rejects with a ConformanceOptionsError when the options are unusable (a bad URL, an empty
 * command, an unknown revision, a checks/skip pattern that matches no check, a timeout or
 * concurrency that is not a positive integer).
 */
export async function runConformance(options: ConformanceOptions): Promise<RunResults> {
  const target = toTargetSpec(options.target);
  return runChecks({
    ...options.settings,
    ...defined({
      revisions: revisionsOption(options.revisions),
      select: patternsOption(options.checks, 'checks'),
      skip: patternsOption(options.skip, 'skip'),
      strict: options.strict,
      requestTimeoutMs: positive(options.timeoutMs, 'timeoutMs'),
      maxRequestTimeoutMs: positive(options.maxTimeoutMs, 'maxTimeoutMs'),
      limits: withStartupAllowance(positive(options.startupTimeoutMs, 'startupTimeoutMs')),
      concurrency: positive(options.concurrency, 'concurrency'),
      schemaSource: options.schemaDir ? ({ kind: 'dir', dir: options.schemaDir } as const) : undefined,
      signal: options.signal,
    }),
    target,
    checks: [...ALL_CHECKS],
    catalogLookup,
    profiles: FROZEN_PROFILES,
  });
}

/** Every check mcp-conform knows, with its id, level, revision and spec link. */
export function listChecks(): readonly Check[] {
  return ALL_CHECKS;
}
