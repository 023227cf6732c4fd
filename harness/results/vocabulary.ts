// The words of the results JSON: revisions, transports, levels, verdicts. The engine and the
// reports share them, so they live with the contract; harness/model.ts re-exports them.

export const REVISIONS = ['2026-07-28', '2025-11-25'] as const;
export type Revision = (typeof REVISIONS)[number];

export function isRevision(value: string): value is Revision {
  return (REVISIONS as readonly string[]).includes(value);
}

export type TransportKind = 'stdio' | 'http';
export const TRANSPORTS: readonly TransportKind[] = ['stdio', 'http'];

/** RFC 2119 level of the requirement a check enforces. */
export type Level = 'MUST' | 'SHOULD' | 'MAY';

/**
 * pass: requirement met. fail: a MUST (or, in strict mode, a SHOULD) was broken.
 * warn: a SHOULD / MAY was not met, or the spec is ambiguous. skip: not applicable, with a reason.
 * unstable: a fail or warn that its confirming run did not reproduce (never a pass; fails only with --strict).
 * error: no verdict could be established (no answer in time, or a harness problem): inconclusive.
 */
export type Verdict = 'pass' | 'fail' | 'warn' | 'unstable' | 'skip' | 'error';
export const VERDICTS: readonly Verdict[] = ['pass', 'fail', 'warn', 'unstable', 'skip', 'error'];
export type VerdictCounts = Record<Verdict, number>;

/** Any JSON object seen on the wire; fields are checked, never trusted. */
export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
