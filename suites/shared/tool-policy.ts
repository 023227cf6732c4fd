// Which listed tools a check may call, the same in both revisions. Calling an arbitrary server's
// tools can have side effects: by default (--tool-calls safe) only tools annotated
// readOnlyHint: true are called (an annotation is a hint from the server).
import type { CheckContext } from '../../harness/checks/check.js';
import { isObject, type JsonObject } from '../../harness/model.js';
import { headerProblems } from '../../generators/schema/index.js';

type PolicyContext = Pick<CheckContext, 'toolCallPolicy' | 'revision' | 'transport'>;

/** Why the run's policy keeps checks from calling this tool, or undefined when they may call it. */
export function whyNotCallable(ctx: PolicyContext, tool: JsonObject): string | undefined {
  const policy = ctx.toolCallPolicy ?? 'safe';
  if (policy === 'none') return 'tool calls are disabled (--tool-calls none)';
  if (typeof tool.name !== 'string') return 'no string name';
  const readOnly = isObject(tool.annotations) && tool.annotations.readOnlyHint === true;
  if (policy === 'safe' && !readOnly) return 'not annotated readOnlyHint: true';
  // 2026-07-28 HTTP clients MUST drop a tool whose x-mcp-header annotations are invalid.
  if (ctx.revision === '2026-07-28' && ctx.transport === 'http' && headerProblems(tool.inputSchema).length > 0)
    return 'invalid x-mcp-header, so HTTP clients exclude it';
  return undefined;
}

export function mayCall(ctx: PolicyContext, tool: JsonObject): boolean {
  return whyNotCallable(ctx, tool) === undefined;
}

/** Why no tool could be called, for a skip. */
export function policyReason(ctx: PolicyContext): string {
  const policy = ctx.toolCallPolicy ?? 'safe';
  return policy === 'none'
    ? 'tool calls are disabled (--tool-calls none)'
    : `no listed tool may be called under --tool-calls ${policy} (safe calls only tools annotated readOnlyHint: true)`;
}
