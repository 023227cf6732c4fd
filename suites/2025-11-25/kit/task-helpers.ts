// What the task checks share (tasks are experimental in 2025-11-25 and only tested when the
// server declares them): the capability, a tool that runs as a task, creating and polling tasks.
import { expectResult, expectThat, expectValid } from '../../../harness/checks/expect.js';
import type { SessionClient } from '../../../harness/lifecycles/session-client.js';
import { isObject, type JsonObject } from '../../../harness/model.js';
import { toolArguments } from './feature-helpers.js';
import { mayCall, policyReason, taskSupportOf, type Ctx } from './helpers.js';

export const RELATED_TASK_KEY = 'io.modelcontextprotocol/related-task';
export const TERMINAL = ['completed', 'failed', 'cancelled'];
/** Allowed next statuses (a status may also stay as it is). */
export const NEXT: Record<string, string[]> = {
  working: ['input_required', ...TERMINAL],
  input_required: ['working', ...TERMINAL],
};
const POLL_LIMIT_MS = 4000;
const TTL_MS = 60_000;

export function tasksCapability(ctx: Ctx): JsonObject | undefined {
  const tasks = ctx.profile.capabilities?.tasks;
  return isObject(tasks) ? tasks : undefined;
}

export function declaresToolTasks(ctx: Ctx): boolean {
  const requests = tasksCapability(ctx)?.requests;
  return isObject(requests) && isObject(requests.tools) && isObject(requests.tools.call);
}

/** The tasks.<op> capability, or a skip naming what is missing. */
export function needTaskOperation(ctx: Ctx, operation: 'list' | 'cancel'): void {
  if (!isObject(tasksCapability(ctx)?.[operation]))
    ctx.skip(`server does not declare tasks.${operation} (tasks are experimental)`);
}

/** A tool the check may call as a task, or a skip saying why there is none. */
export function taskTool(ctx: Ctx, supports: string[] = ['optional', 'required']): JsonObject {
  return taskTools(ctx, supports)[0];
}

/** Every tool the check may call as a task (at least one), or a skip saying why there is none. */
export function taskTools(ctx: Ctx, supports: string[] = ['optional', 'required']): JsonObject[] {
  if (!declaresToolTasks(ctx)) ctx.skip('server does not declare tasks.requests.tools.call (tasks are experimental)');
  const candidates = ctx.profile.tools.filter((tool) => supports.includes(taskSupportOf(tool)));
  if (candidates.length === 0) ctx.skip(`server lists no tool with execution.taskSupport ${supports.join(' or ')}`);
  const allowed = candidates.filter((tool) => mayCall(ctx, tool));
  return allowed.length > 0 ? allowed : ctx.skip(`${policyReason(ctx)}: no task tool may be called`);
}

/** tools/call as a task, with the task metadata and optionally its own arguments and _meta. */
export function taskCall(tool: JsonObject, options: { arguments?: JsonObject; meta?: JsonObject } = {}): JsonObject {
  return {
    name: tool.name,
    arguments: options.arguments ?? toolArguments(tool),
    task: { ttl: TTL_MS },
    ...(options.meta ? { _meta: options.meta } : {}),
  };
}

/** tools/call with a task: the Task of the CreateTaskResult, schema-checked. */
export async function createTask(
  ctx: Ctx,
  client: SessionClient,
  tool: JsonObject,
  options: { arguments?: JsonObject; meta?: JsonObject } = {},
): Promise<JsonObject> {
  const exchange = await client.request('tools/call', taskCall(tool, options));
  const result = expectResult(exchange, `a CreateTaskResult for ${String(tool.name)} called as a task`);
  expectValid(ctx.schema, 'CreateTaskResult', result, 'the task-augmented tools/call result');
  return result.task as JsonObject;
}

export async function getTask(client: SessionClient, taskId: unknown, meta?: JsonObject): Promise<JsonObject> {
  return expectResult(
    await client.request('tasks/get', { taskId, ...(meta ? { _meta: meta } : {}) }),
    `a result for tasks/get of ${JSON.stringify(taskId)}`,
  );
}

/** Polls tasks/get (honouring pollInterval, bounded) until the task is terminal; the statuses seen. */
export async function pollUntilTerminal(ctx: Ctx, client: SessionClient, task: JsonObject): Promise<string[]> {
  const statuses = [String(task.status)];
  const started = performance.now();
  while (!TERMINAL.includes(statuses[statuses.length - 1]) && performance.now() - started < POLL_LIMIT_MS) {
    const interval = typeof task.pollInterval === 'number' ? task.pollInterval : 100;
    await ctx.sleep(Math.min(500, Math.max(50, interval)));
    statuses.push(String((await getTask(client, task.taskId)).status));
  }
  expectThat(
    TERMINAL.includes(statuses[statuses.length - 1]),
    `task ${String(task.taskId)} was not terminal after ${POLL_LIMIT_MS} ms`,
    { expected: 'a terminal status', actual: statuses },
  );
  return statuses;
}

/** Polls tasks/get at least once until the task is terminal; the last tasks/get result (status, statusMessage). */
export async function finalTask(ctx: Ctx, client: SessionClient, task: JsonObject): Promise<JsonObject> {
  const started = performance.now();
  const interval = Math.min(500, Math.max(50, typeof task.pollInterval === 'number' ? task.pollInterval : 100));
  let last = await getTask(client, task.taskId);
  while (!TERMINAL.includes(String(last.status)) && performance.now() - started < POLL_LIMIT_MS) {
    await ctx.sleep(interval);
    last = await getTask(client, task.taskId);
  }
  expectThat(
    TERMINAL.includes(String(last.status)),
    `task ${String(task.taskId)} was not terminal after ${POLL_LIMIT_MS} ms`,
    { expected: 'a terminal status', actual: last },
  );
  return last;
}

export function relatedTaskOf(result: JsonObject): unknown {
  const meta = isObject(result._meta) ? result._meta : undefined;
  return meta && isObject(meta[RELATED_TASK_KEY]) ? meta[RELATED_TASK_KEY].taskId : undefined;
}
