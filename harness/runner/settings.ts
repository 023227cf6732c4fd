// Knobs of a run, with defaults that suit a local server on a 2-core machine.
import type { SchemaSource } from '../schema/index.js';
import { DEFAULT_LIMITS, type TargetSpec, type TransportLimits } from '../target.js';
import type { CatalogLookup, CheckResult } from '../results/results.js';
import type { AuthTokens } from '../checks/auth-tokens.js';

export interface ProgressEvents {
  onRevisionStart?(revision: string, checkCount: number): void;
  onCheckStart?(checkId: string): void;
  onCheckDone?(result: CheckResult, done: number, total: number): void;
}

export interface RunSettings {
  target: TargetSpec;
  strict: boolean;
  /** Shortest wait for one response: the floor of the adaptive timeout (`--timeout`). */
  requestTimeoutMs: number;
  /** The most the per-request timeout may grow to when the server answers slowly (`--max-timeout`). */
  maxRequestTimeoutMs: number;
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
  /** Rows of the requirement index by id, so each result carries the rows its check cites (`catalogRows`). */
  catalogLookup?: CatalogLookup;
  /** Tokens the authorization checks present (--auth-token-*, or the embedded authorization server's). */
  authTokens?: AuthTokens;
  /** Authorization documents may be fetched off the target's origin and loopback (--auth-follow). */
  authFollow?: boolean;
}

export type ToolCallPolicy = 'safe' | 'all' | 'none';

/** Checks in flight at once unless the user says otherwise; the benchmark measures this too. */
export const DEFAULT_CONCURRENCY = 8;

export const DEFAULT_REQUEST_TIMEOUT_MS = 5000;
export const DEFAULT_MAX_REQUEST_TIMEOUT_MS = 15_000;

export function defaultSettings(target: TargetSpec, overrides: Partial<RunSettings> = {}): RunSettings {
  const settings: RunSettings = {
    target,
    strict: false,
    requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
    maxRequestTimeoutMs: DEFAULT_MAX_REQUEST_TIMEOUT_MS,
    checkTimeoutMs: 30_000,
    concurrency: DEFAULT_CONCURRENCY,
    limits: DEFAULT_LIMITS,
    maxTranscriptEntries: 400,
    toolCalls: 'safe',
    ...withoutUndefined(overrides),
  };
  // A floor above the default ceiling raises the ceiling: the user's floor always holds.
  settings.maxRequestTimeoutMs = Math.max(settings.maxRequestTimeoutMs, settings.requestTimeoutMs);
  return settings;
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
