// Knobs of a run, with defaults that suit a local server on a 2-core machine.
import type { SchemaSource } from '../schema/index.js';
import { DEFAULT_LIMITS, type TargetSpec, type TransportLimits } from '../target.js';
import type { CheckResult } from './results.js';

export interface ProgressEvents {
  onRevisionStart?(revision: string, checkCount: number): void;
  onCheckStart?(checkId: string): void;
  onCheckDone?(result: CheckResult, done: number, total: number): void;
}

export interface RunSettings {
  target: TargetSpec;
  strict: boolean;
  /** Longest wait for one response. */
  requestTimeoutMs: number;
  /** Backstop for a whole check. */
  checkTimeoutMs: number;
  concurrency: number;
  schemaSource?: SchemaSource;
  limits: TransportLimits;
  /** Transcript entries kept per check (head and tail). */
  maxTranscriptEntries: number;
  progress?: ProgressEvents;
  /** Aborting stops the run; results so far are kept and marked interrupted. */
  signal?: AbortSignal;
  /** Tools checks may call: safe = annotated readOnlyHint: true (a hint; calls can have side effects), all, none. */
  toolCalls: ToolCallPolicy;
}

export type ToolCallPolicy = 'safe' | 'all' | 'none';

/** Checks in flight at once unless the user says otherwise; the benchmark measures this too. */
export const DEFAULT_CONCURRENCY = 8;

export function defaultSettings(target: TargetSpec, overrides: Partial<RunSettings> = {}): RunSettings {
  return {
    target,
    strict: false,
    requestTimeoutMs: 5000,
    checkTimeoutMs: 30_000,
    concurrency: DEFAULT_CONCURRENCY,
    limits: DEFAULT_LIMITS,
    maxTranscriptEntries: 400,
    toolCalls: 'safe',
    ...overrides,
  };
}
