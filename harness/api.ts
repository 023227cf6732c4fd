// The library face of mcp-conform: run the suites from code and get the results JSON back.
import { ALL_CHECKS } from '../suites/index.js';
import type { Check } from './checks/check.js';
import type { Revision } from './model.js';
import type { RunResults } from './runner/results.js';
import { runChecks, type RunRequest } from './runner/run.js';
import type { TargetSpec } from './target.js';
import { splitCommandLine } from './transports/command-line.js';

/** A server to test: a command line (or argv) to spawn, or a Streamable HTTP URL. */
export type ConformanceTarget =
  | { stdio: string | string[]; cwd?: string; env?: Record<string, string> }
  | { url: string; headers?: Record<string, string> };

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
  /** Per-response timeout in ms (default 5000). */
  timeoutMs?: number;
  /** Checks in flight at once (default 4). */
  concurrency?: number;
  /** Validate against official schema files in DIR/<revision>/schema.json instead of the built-in schemas. */
  schemaDir?: string;
  /** Aborting stops the run; the results are marked interrupted. */
  signal?: AbortSignal;
  /** Extra run settings, as the CLI passes them (tool-call policy, sharding...). */
  settings?: Partial<Omit<RunRequest, 'target' | 'checks'>>;
}

export function toTargetSpec(target: ConformanceTarget): TargetSpec {
  if ('url' in target) return { kind: 'http', url: new URL(target.url).toString(), headers: target.headers ?? {} };
  const argv = Array.isArray(target.stdio) ? target.stdio : splitCommandLine(target.stdio);
  if (argv.length === 0) throw new Error('target.stdio is empty');
  return { kind: 'stdio', command: argv[0], args: argv.slice(1), cwd: target.cwd, env: target.env };
}

/**
 * Runs the conformance suites against a server and resolves with the full results (the same
 * JSON `mcp-conform run --json` writes). It never throws for a failing or unreachable server:
 * read `results.outcome`, `results.exitCode` and `results.checks`.
 */
export function runConformance(options: ConformanceOptions): Promise<RunResults> {
  return runChecks({
    ...options.settings,
    target: toTargetSpec(options.target),
    checks: [...ALL_CHECKS],
    revisions: options.revisions ?? 'auto',
    select: options.checks,
    skip: options.skip,
    strict: options.strict ?? false,
    requestTimeoutMs: options.timeoutMs ?? 5000,
    concurrency: options.concurrency ?? 4,
    schemaSource: options.schemaDir ? { kind: 'dir', dir: options.schemaDir } : undefined,
    signal: options.signal,
  });
}

/** Every check mcp-conform knows, with its id, level, revision and spec link. */
export function listChecks(): readonly Check[] {
  return ALL_CHECKS;
}
