// Shared vocabulary of the harness: revisions, levels, verdicts, JSON-RPC shapes.

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

export type JsonRpcId = string | number;

export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** Any JSON object seen on the wire; fields are checked, never trusted. */
export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isResponse(message: unknown): boolean {
  return isObject(message) && !('method' in message) && ('result' in message || 'error' in message);
}

export function isNotification(message: unknown): boolean {
  return isObject(message) && typeof message.method === 'string' && !('id' in message);
}

export function isRequest(message: unknown): boolean {
  return isObject(message) && typeof message.method === 'string' && 'id' in message;
}

/** Server features a check can depend on; discovered from the server, never assumed. */
export type Feature =
  | 'tools'
  | 'resources'
  | 'resourceTemplates'
  | 'resourceSubscribe'
  | 'prompts'
  | 'completions'
  | 'logging'
  | 'toolsListChanged'
  | 'promptsListChanged'
  | 'resourcesListChanged';
