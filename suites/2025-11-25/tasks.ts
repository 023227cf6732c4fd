// 2025-11-25 tasks (experimental): task-augmented tools/call, tasks/get, tasks/result,
// tasks/list and tasks/cancel, failed tasks, progress over a task's life. Only run against a
// server that declares them, except the two rules every server is held to (task support
// declared; task metadata ignored without it).
import { defineArea } from '../../harness/checks/check.js';
import { errorOf, expectError, expectResult, expectThat, expectValid, observed } from '../../harness/checks/expect.js';
import { describeOutcome, resultOf } from '../../harness/lifecycles/profile.js';
import { durationTool } from '../../harness/lifecycles/sample-requests.js';
import { isObject, type JsonObject } from '../../harness/model.js';
import type { WireEntry } from '../../harness/recorder/wire-log.js';
import { idKey } from '../../harness/lifecycles/exchange.js';
import { barrier } from '../shared/barrier.js';
import { toolArguments } from './kit/feature-helpers.js';
import {
  callableTools,
  entriesSince,
  listenOnGet,
  policyReason,
  taskSupportOf,
  wireMark,
  type Ctx,
} from './kit/helpers.js';
import {
  createTask,
  declaresToolTasks,
  finalTask,
  getTask,
  needTaskOperation,
  NEXT,
  pollUntilTerminal,
  RELATED_TASK_KEY,
  relatedTaskOf,
  taskCall,
  taskTool,
  taskTools,
  TERMINAL,
} from './kit/task-helpers.js';

const MIN_ID_LENGTH = 16;
const isTimestamp = (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value));
/** Task calls tried in search of one that fails. */
const FAILING_ATTEMPTS = 6;
/** How long a duration tool run as a task works, so its progress spans the task's life. */
const TASK_WORK_MS = 400;
/** How long the task cancel-working cancels is asked to work: far longer than a loaded machine takes to send the cancel. */
const CANCEL_WORK_MS = 2000;
/** How long progress is watched for after the task is terminal. */
const LATE_WINDOW_MS = 1200;
/** HTTP: how much later than the end of the task progress sent before it may still be read (it travels on another stream). */
const CROSS_STREAM_GRACE_MS = 250;
const RESULT_WAIT_MS = 10_000;

/** Task calls likely to fail first (arguments missing a required property), then plain ones. */
function failingCandidates(tools: JsonObject[]): JsonObject[] {
  const requires = (tool: JsonObject) =>
    isObject(tool.inputSchema) && Array.isArray(tool.inputSchema.required) && tool.inputSchema.required.length > 0;
  return [
    ...tools.filter(requires).map((tool) => taskCall(tool, { arguments: {} })),
    ...tools.map((tool) => taskCall(tool)),
  ].slice(0, FAILING_ATTEMPTS);
}

/** A task tool whose progress can span the task's life: one with a duration argument if listed. */
function progressingTask(ctx: Ctx, workMs = TASK_WORK_MS): { tool: JsonObject; arguments: JsonObject } {
  const tools = taskTools(ctx);
  const slow = durationTool(tools);
  return slow
    ? { tool: slow.tool, arguments: slow.arguments(workMs) }
    : { tool: tools[0], arguments: toolArguments(tools[0]) };
}

/** Progress notifications the server sent on the check's connection since a mark. */
const progressSince = (ctx: Ctx, mark: number): WireEntry[] =>
  entriesSince(ctx, ctx.client.connection.name, mark).filter(
    (entry) =>
      entry.direction === 'server->client' &&
      isObject(entry.message) &&
      entry.message.method === 'notifications/progress',
  );
/**
 * tasks/result is answered once the task is terminal: progress after its answer is late, however long
 * the harness then took to look (a loaded machine polls late). Past the answer's entry; now, if none.
 */
function answerMark(ctx: Ctx, id: unknown): number {
  const entries = ctx.wire.entries;
  for (let at = entries.length - 1; at >= 0; at--) {
    const entry = entries[at];
    const message = entry.message;
    if (entry.direction === 'server->client' && isObject(message) && 'result' in message && message.id === id)
      return at + 1;
  }
  return entries.length;
}
const tokenOf = (entry: WireEntry) =>
  isObject(entry.message) && isObject(entry.message.params) ? entry.message.params.progressToken : undefined;

export default defineArea('2025-11-25', 'tasks', [
  {
    slug: 'tool-support-declared',
    title: 'Tools that offer task execution come with the tasks capability for tools/call',
    requirement:
      'Servers that support task-augmented requests MUST declare a tasks capability; a tool listing taskSupport "optional" or "required" without tasks.requests.tools.call cannot be used as a task (inferred).',
    level: 'SHOULD',
    spec: 'basic/utilities/tasks#tool-level-negotiation',
    catalog: ['TASK-001'],
    requires: ['tools'],
    async run(ctx) {
      const offering = ctx.profile.tools.filter((tool) => taskSupportOf(tool) !== 'forbidden');
      if (offering.length === 0) ctx.skip('no listed tool offers task execution');
      expectThat(
        declaresToolTasks(ctx),
        `tool(s) ${offering.map((t) => String(t.name)).join(', ')} offer task execution, but tasks.requests.tools.call is not declared`,
        {
          expected: 'capabilities.tasks.requests.tools.call',
          actual: ctx.profile.capabilities?.tasks ?? null,
        },
      );
    },
  },
  {
    slug: 'ignored-without-capability',
    title: 'Without task support for tools/call, a task-augmented call is served normally',
    requirement:
      'Receivers that do not declare the task capability for a request type MUST process requests of that type normally, ignoring any task-augmentation metadata if present.',
    level: 'MUST',
    spec: 'basic/utilities/tasks#task-support-and-handling',
    catalog: ['TASK-002'],
    requires: ['tools'],
    async run(ctx) {
      if (declaresToolTasks(ctx)) ctx.skip('server declares tasks.requests.tools.call');
      const tool =
        callableTools(ctx)[0] ?? ctx.skip(ctx.profile.tools.length === 0 ? 'server lists no tools' : policyReason(ctx));
      const result = expectResult(
        await ctx.client.request('tools/call', {
          name: tool.name,
          arguments: toolArguments(tool),
          task: { ttl: 60_000 },
        }),
      );
      expectThat(
        !isObject(result.task),
        `${String(tool.name)} answered a task-augmented call with a task, without declaring task support`,
        { expected: 'a plain CallToolResult', actual: result },
      );
      expectValid(ctx.schema, 'CallToolResult', result, 'the result');
    },
  },
  {
    slug: 'forbidden-tool-rejected',
    title: 'A task-augmented call to a tool without task support gets -32601',
    requirement:
      'If execution.taskSupport is absent or "forbidden", servers SHOULD return -32601 (Method not found) when a client invokes the tool as a task.',
    level: 'SHOULD',
    spec: 'basic/utilities/tasks#tool-level-negotiation',
    catalog: ['TASK-003'],
    async run(ctx) {
      const tool = taskTool(ctx, ['forbidden']);
      expectError(
        await ctx.client.request('tools/call', {
          name: tool.name,
          arguments: toolArguments(tool),
          task: { ttl: 60_000 },
        }),
        -32601,
        `-32601 for ${String(tool.name)} called as a task`,
      );
    },
  },
  {
    slug: 'required-tool-needs-task',
    title: 'A plain call to a tool that requires tasks gets -32601',
    requirement:
      'If execution.taskSupport is "required", servers MUST return -32601 (Method not found) if a client does not invoke it as a task (the error section also allows -32600).',
    level: 'MUST',
    spec: 'basic/utilities/tasks#tool-level-negotiation',
    catalog: ['TASK-004'],
    async run(ctx) {
      const tool = taskTool(ctx, ['required']);
      expectError(
        await ctx.client.request('tools/call', { name: tool.name, arguments: toolArguments(tool) }),
        [-32601, -32600],
        `-32601 (or -32600) for ${String(tool.name)} called without a task`,
      );
    },
  },
  {
    slug: 'create-task',
    title: 'A task-augmented call returns a working task with timestamps and a ttl',
    requirement:
      'An accepted task-augmented request MUST return a CreateTaskResult; tasks MUST begin in "working", with ISO 8601 createdAt and lastUpdatedAt and the actual ttl.',
    level: 'MUST',
    spec: 'basic/utilities/tasks#task-status-lifecycle',
    catalog: ['TASK-005'],
    async run(ctx) {
      const task = await createTask(ctx, ctx.client, taskTool(ctx));
      expectThat(task.status === 'working', `a new task has status ${JSON.stringify(task.status)}, not "working"`, {
        expected: { status: 'working' },
        actual: task,
      });
      expectThat(
        isTimestamp(task.createdAt) && isTimestamp(task.lastUpdatedAt),
        'createdAt or lastUpdatedAt is not an ISO 8601 timestamp',
        { expected: 'ISO 8601 timestamps', actual: task },
      );
      expectThat('ttl' in task, 'the task has no ttl (a number, or null for unlimited)', {
        expected: 'ttl',
        actual: task,
      });
    },
  },
  {
    slug: 'task-ids',
    title: 'Task ids are unique and not guessable',
    requirement:
      'Task ids MUST be strings generated by the receiver and unique among its tasks; without an authorization context they must not be guessable.',
    level: 'MUST',
    spec: 'basic/utilities/tasks#task-id-requirements',
    catalog: ['TASK-006'],
    async run(ctx) {
      const tool = taskTool(ctx);
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push(String((await createTask(ctx, ctx.client, tool)).taskId));
      expectThat(new Set(ids).size === ids.length, 'the server issued the same task id twice', {
        expected: 'distinct ids',
        actual: ids,
      });
      const weak = ids.filter((id) => id.length < MIN_ID_LENGTH);
      if (weak.length > 0)
        ctx.warn(`task ids look guessable (under ${MIN_ID_LENGTH} characters): ${weak.join(', ')}`, {
          expected: 'random ids',
          actual: ids,
        });
    },
  },
  {
    slug: 'get-task',
    title: 'tasks/get returns the task; an unknown id gets -32602',
    requirement:
      'tasks/get returns the Task, including its actual ttl; an invalid or nonexistent taskId MUST get -32602 (Invalid params).',
    level: 'MUST',
    spec: 'basic/utilities/tasks#getting-tasks',
    catalog: ['TASK-007'],
    async run(ctx) {
      const task = await createTask(ctx, ctx.client, taskTool(ctx));
      const got = await getTask(ctx.client, task.taskId);
      expectValid(ctx.schema, 'GetTaskResult', got, 'the tasks/get result');
      expectThat(
        got.taskId === task.taskId && 'ttl' in got,
        'tasks/get did not describe the task asked for, with its ttl',
        { expected: { taskId: task.taskId, ttl: 'present' }, actual: got },
      );
      expectError(
        await ctx.client.request('tasks/get', { taskId: 'x-mcp-conform-missing' }),
        -32602,
        '-32602 for tasks/get of an unknown task',
      );
    },
  },
  {
    slug: 'status-lifecycle',
    title: 'Task status moves only along allowed paths and stays terminal',
    requirement:
      'Receivers MUST only move tasks from working to input_required or a terminal status, from input_required to working or a terminal status; completed, failed and cancelled MUST NOT change.',
    level: 'MUST',
    spec: 'basic/utilities/tasks#task-status-lifecycle',
    catalog: ['TASK-008'],
    async run(ctx) {
      const task = await createTask(ctx, ctx.client, taskTool(ctx));
      const statuses = await pollUntilTerminal(ctx, ctx.client, task);
      for (let i = 0; i < 2; i++) statuses.push(String((await getTask(ctx.client, task.taskId)).status));
      for (let i = 1; i < statuses.length; i++) {
        const [from, to] = [statuses[i - 1], statuses[i]];
        expectThat(
          from === to || (NEXT[from] ?? []).includes(to),
          `task ${String(task.taskId)} went from ${from} to ${to}`,
          { expected: 'allowed transitions only', actual: statuses },
        );
      }
    },
  },
  {
    slug: 'result-after-terminal',
    title: 'tasks/result answers only once the task is terminal, with the tool result',
    requirement:
      'For a non-terminal task, tasks/result MUST block until the task is terminal, then return exactly what the underlying request would have returned.',
    level: 'MUST',
    spec: 'basic/utilities/tasks#result-retrieval',
    catalog: ['TASK-009'],
    async run(ctx) {
      const task = await createTask(ctx, ctx.client, taskTool(ctx));
      const exchange = await ctx.client.request('tasks/result', { taskId: task.taskId }, { timeoutMs: 10_000 });
      const after = await getTask(ctx.client, task.taskId);
      expectThat(
        TERMINAL.includes(String(after.status)),
        `tasks/result answered while the task was still ${String(after.status)}`,
        {
          expected: 'a terminal task once tasks/result answers',
          actual: after,
        },
      );
      if (errorOf(exchange)) return ctx.note(`tasks/result returned the underlying error ${describeOutcome(exchange)}`);
      expectValid(ctx.schema, 'CallToolResult', expectResult(exchange), 'the tasks/result payload');
    },
  },
  {
    slug: 'result-related-task',
    title: 'The tasks/result response names its task in _meta',
    requirement:
      'The tasks/result response MUST include io.modelcontextprotocol/related-task in its _meta, with the taskId of the task.',
    level: 'MUST',
    spec: 'basic/utilities/tasks#associating-task-related-messages',
    catalog: ['TASK-010', 'TASK-011'],
    async run(ctx) {
      const task = await createTask(ctx, ctx.client, taskTool(ctx));
      const result = expectResult(
        await ctx.client.request('tasks/result', { taskId: task.taskId }, { timeoutMs: 10_000 }),
      );
      expectThat(
        relatedTaskOf(result) === task.taskId,
        `tasks/result carries related-task ${JSON.stringify(relatedTaskOf(result))}, not ${JSON.stringify(task.taskId)}`,
        {
          expected: { _meta: { [RELATED_TASK_KEY]: { taskId: task.taskId } } },
          actual: result._meta ?? null,
        },
      );
    },
  },
  {
    slug: 'no-related-task-on-task-operations',
    title: 'tasks/get, tasks/list and tasks/cancel results carry no related-task _meta',
    requirement:
      'For tasks/get, tasks/list and tasks/cancel, receivers SHOULD NOT include io.modelcontextprotocol/related-task metadata in the results: the taskId is already in them.',
    level: 'SHOULD',
    spec: 'basic/utilities/tasks#associating-task-related-messages',
    catalog: ['TASK-012'],
    async run(ctx) {
      const task = await createTask(ctx, ctx.client, taskTool(ctx));
      const results: Array<[string, JsonObject]> = [['tasks/get', await getTask(ctx.client, task.taskId)]];
      if (isObject(ctx.profile.capabilities?.tasks) && isObject(ctx.profile.capabilities.tasks.list))
        results.push(['tasks/list', expectResult(await ctx.client.request('tasks/list', {}))]);
      for (const [method, result] of results) {
        expectThat(relatedTaskOf(result) === undefined, `the ${method} result carries related-task _meta`, {
          expected: 'no related-task in _meta',
          actual: result._meta,
        });
      }
    },
  },
  {
    slug: 'task-id-param-wins',
    title: 'tasks/get goes by params.taskId, not by a related-task _meta',
    requirement:
      'For tasks/get, tasks/result and tasks/cancel, the taskId parameter MUST be the source of truth; receivers MUST ignore related-task metadata in favour of it.',
    level: 'MUST',
    spec: 'basic/utilities/tasks#associating-task-related-messages',
    catalog: ['TASK-013'],
    async run(ctx) {
      const tool = taskTool(ctx);
      const [first, second] = [await createTask(ctx, ctx.client, tool), await createTask(ctx, ctx.client, tool)];
      const got = await getTask(ctx.client, first.taskId, { [RELATED_TASK_KEY]: { taskId: second.taskId } });
      expectThat(
        got.taskId === first.taskId,
        `tasks/get for ${String(first.taskId)} with related-task ${String(second.taskId)} described ${String(got.taskId)}`,
        {
          expected: { taskId: first.taskId },
          actual: got,
        },
      );
    },
  },
  {
    slug: 'cancel-terminal-rejected',
    title: 'Cancelling a finished task gets -32602',
    requirement:
      'Receivers MUST reject cancellation requests for tasks already in a terminal status with -32602 (Invalid params).',
    level: 'MUST',
    spec: 'basic/utilities/tasks#task-cancellation',
    catalog: ['TASK-014'],
    async run(ctx) {
      needTaskOperation(ctx, 'cancel');
      const task = await createTask(ctx, ctx.client, taskTool(ctx));
      await pollUntilTerminal(ctx, ctx.client, task);
      expectError(
        await ctx.client.request('tasks/cancel', { taskId: task.taskId }),
        -32602,
        '-32602 for cancelling a terminal task',
      );
    },
  },
  {
    slug: 'cancel-working',
    title: 'Cancelling a working task leaves it cancelled',
    requirement:
      'A valid tasks/cancel MUST move the task to cancelled before answering with it; a task that finished first is terminal and gets -32602 instead.',
    level: 'MUST',
    spec: 'basic/utilities/tasks#task-cancellation',
    catalog: ['TASK-015'],
    async run(ctx) {
      needTaskOperation(ctx, 'cancel');
      // A task that outlasts the cancel where the server lists a duration tool: one that finished
      // first takes the other branch, and which one ran was the machine's timing.
      const work = progressingTask(ctx, CANCEL_WORK_MS);
      const task = await createTask(ctx, ctx.client, work.tool, { arguments: work.arguments });
      const exchange = await ctx.client.request('tasks/cancel', { taskId: task.taskId });
      if (errorOf(exchange)) {
        expectError(exchange, -32602, '-32602 when the task had already finished');
        const after = await getTask(ctx.client, task.taskId);
        return expectThat(
          TERMINAL.includes(String(after.status)),
          `tasks/cancel was refused, yet the task is ${String(after.status)}`,
          { expected: 'a terminal task', actual: after },
        );
      }
      const cancelled = expectResult(exchange);
      expectThat(
        cancelled.status === 'cancelled',
        `tasks/cancel answered with status ${JSON.stringify(cancelled.status)}`,
        { expected: { status: 'cancelled' }, actual: cancelled },
      );
      const later = await ctx.client.request('tasks/get', { taskId: task.taskId });
      const status = later.response && isObject(later.response.result) ? later.response.result.status : 'deleted';
      expectThat(
        status === 'cancelled' || errorOf(later)?.code === -32602,
        `after tasks/cancel the task is ${String(status)}`,
        { expected: 'cancelled (or deleted)', actual: observed(later) },
      );
    },
  },
  {
    slug: 'list-tasks',
    title: 'tasks/list includes every task tasks/get can see; a bogus cursor gets -32602',
    requirement: 'A task retrievable via tasks/get MUST be retrievable via tasks/list; invalid cursors get -32602.',
    level: 'MUST',
    spec: 'basic/utilities/tasks#task-listing',
    catalog: ['TASK-016'],
    async run(ctx) {
      needTaskOperation(ctx, 'list');
      const task = await createTask(ctx, ctx.client, taskTool(ctx));
      await pollUntilTerminal(ctx, ctx.client, task);
      const ids: unknown[] = [];
      let cursor: unknown;
      for (let page = 0; page < 20; page++) {
        const result = expectResult(await ctx.client.request('tasks/list', cursor === undefined ? {} : { cursor }));
        ids.push(...(Array.isArray(result.tasks) ? result.tasks.filter(isObject).map((t) => t.taskId) : []));
        cursor = result.nextCursor;
        if (typeof cursor !== 'string') break;
      }
      expectThat(
        ids.includes(task.taskId),
        `tasks/list does not list task ${String(task.taskId)}, which tasks/get returns`,
        { expected: task.taskId, actual: ids },
      );
      expectError(
        await ctx.client.request('tasks/list', { cursor: 'x-mcp-conform-bad-cursor' }),
        -32602,
        '-32602 for tasks/list with a bogus cursor',
      );
    },
  },
  {
    slug: 'failed-task-status',
    title: 'A task whose tool call fails ends failed, with a statusMessage',
    requirement:
      'When the underlying request does not complete successfully (a JSON-RPC error, or a tool result with isError true) the task moves to failed, and the tasks/get response SHOULD include a statusMessage with diagnostic information.',
    level: 'SHOULD',
    spec: 'basic/utilities/tasks#task-execution-errors',
    catalog: ['TASK-017'],
    async run(ctx) {
      for (const params of failingCandidates(taskTools(ctx))) {
        const created = resultOf(await ctx.client.request('tools/call', params));
        if (!created || !isObject(created.task)) continue; // refused before a task existed: nothing to judge
        const task = created.task;
        const final = await finalTask(ctx, ctx.client, task);
        const outcome = await ctx.client.request(
          'tasks/result',
          { taskId: task.taskId },
          { timeoutMs: RESULT_WAIT_MS },
        );
        if (!errorOf(outcome) && resultOf(outcome)?.isError !== true) continue;
        const what = `task ${String(task.taskId)} (${String(params.name)}), whose outcome was ${describeOutcome(outcome)},`;
        expectThat(final.status === 'failed', `${what} ended ${JSON.stringify(final.status)}`, {
          expected: { status: 'failed' },
          actual: final,
        });
        expectThat(
          typeof final.statusMessage === 'string' && final.statusMessage.trim() !== '',
          `${what} failed without a statusMessage`,
          { expected: 'a diagnostic statusMessage', actual: final },
        );
        return;
      }
      ctx.skip(
        'no task-augmented call ended in an error or an isError result (tried the task tools with a required argument left out, then with valid arguments)',
      );
    },
  },
  {
    slug: 'progress-token-kept',
    title: "Progress for a task keeps the request's token and stops once the task is terminal",
    requirement:
      "For a task-augmented request the progressToken of the original request MUST be used for progress notifications throughout the task's lifetime, even after the CreateTaskResult has been returned, and they MUST stop after the task reaches a terminal status.",
    level: 'MUST',
    spec: 'basic/utilities/progress#behavior-requirements',
    catalog: ['TASK-018', 'PROG-001'],
    connection: 'fresh', // on this session only our task reports progress
    async run(ctx) {
      const { tool, arguments: args } = progressingTask(ctx);
      // On HTTP what follows the CreateTaskResult travels on the session's GET stream.
      const listener = ctx.transport === 'http' ? await listenOnGet(ctx, ctx.client) : undefined;
      const mark = wireMark(ctx);
      const token = 'mcp-conform-task-progress';
      const task = await createTask(ctx, ctx.client, tool, { arguments: args, meta: { progressToken: token } });
      const result = await ctx.client.request('tasks/result', { taskId: task.taskId }, { timeoutMs: RESULT_WAIT_MS });
      let terminalMark = answerMark(ctx, result.id);
      if (!TERMINAL.includes(String((await getTask(ctx.client, task.taskId)).status))) {
        await pollUntilTerminal(ctx, ctx.client, task);
        terminalMark = wireMark(ctx);
      }
      const terminalAt = ctx.wire.entries[terminalMark - 1]?.t ?? 0;
      await ctx.sleep(LATE_WINDOW_MS);
      await barrier(ctx.client, `the terminal status of task ${String(task.taskId)}`);
      await listener?.close();
      const foreign = progressSince(ctx, mark).filter((entry) => idKey(tokenOf(entry)) !== idKey(token));
      expectThat(
        foreign.length === 0,
        `progress during the task carries token(s) ${[...new Set(foreign.map((e) => JSON.stringify(tokenOf(e))))].join(', ')}, not the request's ${JSON.stringify(token)}`,
        {
          expected: { progressToken: token },
          actual: foreign.slice(0, 5).map((entry) => entry.message),
        },
      );
      // An HTTP session's streams are not ordered with each other: progress sent just before the end may be read after it.
      const grace = ctx.transport === 'http' ? CROSS_STREAM_GRACE_MS : 0;
      const late = progressSince(ctx, terminalMark).filter((entry) => entry.t > terminalAt + grace);
      expectThat(
        late.length === 0,
        `${late.length} progress notification(s) arrived after task ${String(task.taskId)} was terminal`,
        {
          expected: 'no progress after a terminal status',
          actual: late
            .slice(0, 5)
            .map((entry) => ({ afterMs: Math.round(entry.t - terminalAt), message: entry.message })),
        },
      );
      const listening = listener ? `; GET stream: HTTP ${listener.status ?? 'no answer'}` : '';
      ctx.note(
        `${progressSince(ctx, mark).length} progress notification(s) for a ${String(tool.name)} task${listening}`,
      );
    },
  },
  {
    slug: 'get-not-streamed',
    title: 'tasks/get is answered with JSON, not upgraded to SSE',
    requirement:
      'Where possible, servers SHOULD NOT upgrade to an SSE stream in response to a tasks/get request: the client has said it wishes to poll.',
    level: 'SHOULD',
    spec: 'basic/utilities/tasks#input-required-status',
    catalog: ['TASK-020'],
    transports: ['http'],
    async run(ctx) {
      const task = await createTask(ctx, ctx.client, taskTool(ctx));
      const exchange = await ctx.client.request('tasks/get', { taskId: task.taskId });
      expectThat(exchange.http?.contentType !== 'text/event-stream', 'tasks/get was answered with an SSE stream', {
        expected: 'application/json',
        actual: observed(exchange),
      });
    },
  },
]);
