// Which tools a check may call (the run's --tool-calls policy), calling them, and what a call's
// outcome means. Calling an arbitrary server's tools can have side effects: by default only
// tools annotated readOnlyHint: true are called (an annotation is a hint from the server).
import type { CheckContext } from '../../../harness/checks/check.js';
import { inconclusive } from '../../../harness/checks/outcome.js';
import { describeOutcome } from '../../../harness/lifecycles/profile.js';
import type { StatelessClient } from '../../../harness/lifecycles/stateless-client.js';
import { isObject, type JsonObject } from '../../../harness/model.js';
import type { Exchange } from '../../../harness/lifecycles/exchange.js';
import { headerAnnotations, invalidInputs, validInputs, type InvalidInput } from '../../../generators/schema/index.js';
import { capDurations, durationCapUnder } from '../../../harness/lifecycles/sample-requests.js';
import { whyNotCallable } from '../../shared/tool-policy.js';

type Ctx = CheckContext<StatelessClient>;

/** At most this many tools are called per check. */
export const MAX_TOOLS = 20;
/** A check stops starting calls after this long, so it ends well inside its own timeout. */
export const CALL_BUDGET_MS = 15_000;

export const MISSING_CLIENT_CAPABILITY = -32021;

export function toolName(tool: JsonObject): string {
  return typeof tool.name === 'string' ? tool.name : JSON.stringify(tool.name);
}

/** The listed tools (matching `wanted`) this run's policy lets checks call, and why others are left out. */
export function callableTools(
  ctx: Ctx,
  wanted: (tool: JsonObject) => boolean = () => true,
): { tools: JsonObject[]; excluded: string[]; candidates: number } {
  const candidates = ctx.profile.tools.filter(wanted);
  if ((ctx.toolCallPolicy ?? 'safe') === 'none')
    return { tools: [], excluded: ['every tool (--tool-calls none)'], candidates: candidates.length };
  const excluded: string[] = [];
  const tools = candidates.filter((tool) => {
    const why = whyNotCallable(ctx, tool);
    if (why) excluded.push(`${toolName(tool)} (${why})`);
    return !why;
  });
  return { tools: tools.slice(0, MAX_TOOLS), excluded, candidates: candidates.length };
}

/** The tools a check calls; skips the check, with the reason, when there are none. */
export function toolsToCall(ctx: Ctx, wanted?: (tool: JsonObject) => boolean, what = 'tool'): JsonObject[] {
  const policy = ctx.toolCallPolicy ?? 'safe';
  if (policy === 'none') ctx.skip('tool calls are disabled (--tool-calls none)');
  const { tools, excluded, candidates } = callableTools(ctx, wanted);
  if (candidates === 0) ctx.skip(`server lists no ${what}`);
  if (excluded.length > 0)
    ctx.note(`not called: ${excluded.slice(0, 10).join(', ')}${excluded.length > 10 ? ', ...' : ''}`);
  if (tools.length === 0) {
    const hint = policy === 'safe' ? '; --tool-calls all calls the others too' : '';
    ctx.skip(`no ${what} may be called under --tool-calls ${policy}: ${excluded.slice(0, 3).join(', ')}${hint}`);
  }
  if (candidates - excluded.length > MAX_TOOLS)
    ctx.note(`calling the first ${MAX_TOOLS} of ${candidates - excluded.length} callable tools`);
  return tools;
}

export type CallOutcome =
  | { kind: 'complete'; result: JsonObject; isError: boolean }
  | { kind: 'input-required'; result: JsonObject }
  | { kind: 'error'; code: unknown; message: unknown }
  | { kind: 'no-answer'; description: string };

export function outcomeOf(exchange: Exchange): CallOutcome {
  const response = exchange.response;
  if (response && isObject(response.error))
    return { kind: 'error', code: response.error.code, message: response.error.message };
  if (response && isObject(response.result)) {
    const result = response.result;
    if (result.resultType === 'input_required') return { kind: 'input-required', result };
    return { kind: 'complete', result, isError: result.isError === true };
  }
  return { kind: 'no-answer', description: describeOutcome(exchange) };
}

export interface ToolCall {
  tool: string;
  arguments: unknown;
  /** What the arguments are (e.g. the generator seed, or the mutation). */
  label: string;
  outcome: CallOutcome;
}

export interface PlannedCall {
  tool: JsonObject;
  arguments: unknown;
  label: string;
}

/** Makes the calls one after another, stopping early when the check's time budget runs out. */
export async function makeCalls(ctx: Ctx, planned: PlannedCall[]): Promise<ToolCall[]> {
  const started = Date.now();
  const done: ToolCall[] = [];
  const stuck = new Set<string>();
  for (const call of planned) {
    if (Date.now() - started > CALL_BUDGET_MS) {
      ctx.note(`stopped after ${done.length} of ${planned.length} calls (time budget ${CALL_BUDGET_MS} ms)`);
      break;
    }
    if (stuck.has(toolName(call.tool))) continue;
    const exchange = await ctx.client.request('tools/call', {
      name: call.tool.name as string,
      arguments: call.arguments as JsonObject,
    });
    const outcome = outcomeOf(exchange);
    done.push({ tool: toolName(call.tool), arguments: call.arguments, label: call.label, outcome });
    if (outcome.kind !== 'no-answer') continue;
    // A tool that outlasts the request timeout is not called again; on stdio the call is cancelled.
    stuck.add(toolName(call.tool));
    if (ctx.transport === 'stdio' && exchange.id !== undefined)
      await ctx.client.notify('notifications/cancelled', { requestId: exchange.id, reason: 'mcp-conform: timed out' });
  }
  const unanswered = done.filter((call) => call.outcome.kind === 'no-answer');
  if (unanswered.length > 0)
    ctx.note(
      `${unanswered.length} call(s) got no answer and were not judged, e.g. ${unanswered[0].tool}: ${(unanswered[0].outcome as { description: string }).description}`,
    );
  return done;
}

/**
 * Ends a check that found no call to judge: inconclusive when some call got no answer (the one
 * it needed may be among them, so silence must not read as "nothing offered"), else a skip.
 */
export function nothingToJudge(ctx: Ctx, calls: ToolCall[], why: string): never {
  const silent = calls.filter((call) => call.outcome.kind === 'no-answer');
  if (silent.length > 0)
    inconclusive(
      `${why}, and ${silent.length} of ${calls.length} call(s) got no answer; first: ${describeCall(silent[0])}`,
    );
  return ctx.skip(why);
}

/** One line: which tool, which input, what came back. */
export function describeCall(call: ToolCall | undefined): string {
  if (!call) return '';
  const outcome = call.outcome;
  const what =
    outcome.kind === 'error'
      ? `error ${String(outcome.code)} ${JSON.stringify(outcome.message)}`
      : outcome.kind === 'complete'
        ? `a result${outcome.isError ? ' with isError' : ''}`
        : outcome.kind === 'input-required'
          ? 'input_required'
          : outcome.description;
  return `${call.tool} (${call.label}) got ${what}`;
}

/** A compact entry for evidence lists. */
export function brief(call: ToolCall): JsonObject {
  const outcome = call.outcome;
  const shown: JsonObject = { tool: call.tool, input: call.label, arguments: call.arguments };
  if (outcome.kind === 'error') shown.error = { code: outcome.code, message: outcome.message };
  else if (outcome.kind === 'complete') shown.result = outcome.result;
  else if (outcome.kind === 'input-required') shown.result = 'input_required';
  else shown.outcome = outcome.description;
  return shown;
}

/** Calls with arguments json-schema-faker generated and our validator accepted (seeds 1, 2, ...). */
export function validCalls(ctx: Ctx, tools: JsonObject[], perTool: number): PlannedCall[] {
  return tools.flatMap((tool) => {
    const { inputs, problem } = validInputs(tool.inputSchema, { seed: 1, count: perTool });
    const objects = inputs.filter((input) => isObject(input.value));
    if (objects.length === 0)
      ctx.note(`${toolName(tool)}: no valid arguments generated (${problem ?? 'inputSchema accepts no object'})`);
    // Generated durations are cut short: a tool that sleeps as long as asked would outlast the timeout.
    const capMs = durationCapUnder(ctx.requestTimeoutMs);
    return objects.map((input) => ({
      tool,
      arguments: capDurations(tool.inputSchema, input.value as JsonObject, capMs),
      label: `valid, json-schema-faker seed ${input.seed}`,
    }));
  });
}

/** A value our client cannot mirror into its Mcp-Param header (an object or array) makes no conforming request. */
function mirrorable(tool: JsonObject, input: InvalidInput, transport: string): boolean {
  if (transport !== 'http') return true;
  return headerAnnotations(tool.inputSchema).every((annotation) => {
    if (!annotation.propertyPath) return true;
    let value: unknown = input.value;
    for (const key of annotation.propertyPath) value = isObject(value) ? value[key] : undefined;
    return value === undefined || value === null || typeof value !== 'object';
  });
}

/** True when the arguments ask for a duration (ms, delay, seconds...) longer than `capMs`. */
export function lengthensDuration(tool: JsonObject, args: JsonObject, capMs: number): boolean {
  const capped = capDurations(tool.inputSchema, args, capMs);
  return Object.keys(args).some((key) => capped[key] !== args[key]);
}

/** Up to `perTool` schema-violating argument objects per tool, one keyword kind after another. */
export function invalidCalls(ctx: Ctx, tools: JsonObject[], perTool: number): PlannedCall[] {
  return tools.flatMap((tool) => {
    const { inputs, problem } = invalidInputs(tool.inputSchema, { seed: 1 });
    // A duration past the cap (e.g. one above its maximum) keeps a server that does not check bounds
    // busy past the timeout, and time would decide the verdict: such inputs are not sent.
    const capMs = durationCapUnder(ctx.requestTimeoutMs);
    const shaped = inputs.filter((input) => isObject(input.value) && mirrorable(tool, input, ctx.transport));
    const usable = shaped.filter((input) => !lengthensDuration(tool, input.value as JsonObject, capMs));
    if (usable.length < shaped.length)
      ctx.note(
        `${toolName(tool)}: ${shaped.length - usable.length} invalid input(s) not sent: a duration longer than ${capMs} ms`,
      );
    if (usable.length === 0)
      ctx.note(`${toolName(tool)}: no invalid arguments to send (${problem ?? 'no keyword to break'})`);
    const firstOfKind = usable.filter((input, i) => usable.findIndex((other) => other.kind === input.kind) === i);
    const chosen = [...firstOfKind, ...usable.filter((input) => !firstOfKind.includes(input))].slice(0, perTool);
    return chosen.map((input) => ({ tool, arguments: input.value, label: `${input.kind}: ${input.description}` }));
  });
}
