// Shared services a connection uses: the wire recorder, schema validation, and tagging of
// entries with the checks that are active on the connection.
import type { JsonObject } from '../model.js';
import type { WireInput, WireRecorder, WireEntry } from '../recorder/wire-log.js';

export type MessageValidator = (
  message: unknown,
  answeredMethod?: string,
) => { def: string; issues: string[] } | undefined;

export interface ConnectionContext {
  recorder: WireRecorder;
  validate?: MessageValidator;
}

export class CheckTags {
  private readonly active = new Map<string, number>();

  enter(checkId: string): void {
    this.active.set(checkId, (this.active.get(checkId) ?? 0) + 1);
  }

  leave(checkId: string): void {
    const count = (this.active.get(checkId) ?? 0) - 1;
    if (count <= 0) this.active.delete(checkId);
    else this.active.set(checkId, count);
  }

  /** The sender's check when known, else every check active on the connection. */
  tags(owner?: string): string[] | undefined {
    if (owner) return [owner];
    return this.active.size > 0 ? [...this.active.keys()] : undefined;
  }
}

/** Records a server->client JSON-RPC message, validated against the revision's schema. */
export function recordServerMessage(
  context: ConnectionContext,
  base: Omit<WireInput, 'direction' | 'kind' | 'message'>,
  message: JsonObject,
  answeredMethod: string | undefined,
): WireEntry {
  const schema = context.validate?.(message, answeredMethod);
  return context.recorder.record({
    ...base,
    direction: 'server->client',
    kind: 'message',
    message,
    schema: schema && schema.issues.length > 0 ? boundIssues(schema) : undefined,
  });
}

/** Schema issues kept per message: the first few say what is wrong, a count says how much. */
const MAX_ISSUES = 20;

function boundIssues(schema: { def: string; issues: string[] }): { def: string; issues: string[] } {
  if (schema.issues.length <= MAX_ISSUES && schema.issues.every((issue) => issue.length <= 500)) return schema;
  const kept = schema.issues
    .slice(0, MAX_ISSUES)
    .map((issue) => (issue.length > 500 ? `${issue.slice(0, 500)}…` : issue));
  return {
    def: schema.def,
    issues: schema.issues.length > MAX_ISSUES ? [...kept, `${schema.issues.length - MAX_ISSUES} more issues`] : kept,
  };
}
