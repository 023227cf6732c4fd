// 2025-11-25 tasks (experimental): task-augmented tools/call, tasks/get, tasks/result,
// tasks/list and tasks/cancel. Only run against a server that declares them, except the two
// rules every server is held to (task support declared; task metadata ignored without it).
import { defineArea } from '../../harness/checks/check.js';
import { errorOf, expectError, expectResult, expectThat, expectValid, observed } from '../../harness/checks/expect.js';
import { describeOutcome } from '../../harness/lifecycles/profile.js';
import { isObject, type JsonObject } from '../../harness/model.js';
import { toolArguments } from './feature-helpers.js';
import { callableTools, policyReason, taskSupportOf } from './helpers.js';
import { createTask, declaresToolTasks, getTask, needTaskOperation, NEXT, pollUntilTerminal, RELATED_TASK_KEY, relatedTaskOf, taskTool, TERMINAL } from './task-helpers.js';

const MIN_ID_LENGTH = 16;
const isTimestamp = (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value));

export default defineArea('2025-11-25', 'tasks', [
  {
    slug: 'tool-support-declared',
    title: 'Tools that offer task execution come with the tasks capability for tools/call',
    requirement: 'Servers that support task-augmented requests MUST declare a tasks capability; a tool listing taskSupport "optional" or "required" without tasks.requests.tools.call cannot be used as a task (inferred).',
    level: 'SHOULD',
    spec: 'basic/utilities/tasks#tool-level-negotiation',
    catalog: ['TASK-001'],
    requires: ['tools'],
    async run(ctx) {
      const offering = ctx.profile.tools.filter((tool) => taskSupportOf(tool) !== 'forbidden');
      if (offering.length === 0) ctx.skip('no listed tool offers task execution');
      expectThat(declaresToolTasks(ctx), `tool(s) ${offering.map((t) => String(t.name)).join(', ')} offer task execution, but tasks.requests.tools.call is not declared`, {
        expected: 'capabilities.tasks.requests.tools.call',
        actual: ctx.profile.capabilities?.tasks ?? null,
      });
    },
  },
  {
    slug: 'ignored-without-capability',
    title: 'Without task support for tools/call, a task-augmented call is served normally',
    requirement: 'Receivers that do not declare the task capability for a request type MUST process requests of that type normally, ignoring any task-augmentation metadata if present.',
    level: 'MUST',
    spec: 'basic/utilities/tasks#task-support-and-handling',
    catalog: ['TASK-002'],
    requires: ['tools'],
    async run(ctx) {
      if (declaresToolTasks(ctx)) ctx.skip('server declares tasks.requests.tools.call');
      const tool = callableTools(ctx)[0] ?? ctx.skip(ctx.profile.tools.length === 0 ? 'server lists no tools' : policyReason(ctx));
      const result = expectResult(await ctx.client.request('tools/call', { name: tool.name, arguments: toolArguments(tool), task: { ttl: 60_000 } }));
      expectThat(!isObject(result.task), `${String(tool.name)} answered a task-augmented call with a task, without declaring task support`, { expected: 'a plain CallToolResult', actual: result });
      expectValid(ctx.schema, 'CallToolResult', result, 'the result');
    },
  },
  {
    slug: 'forbidden-tool-rejected',
    title: 'A task-augmented call to a tool without task support gets -32601',
    requirement: 'If execution.taskSupport is absent or "forbidden", servers SHOULD return -32601 (Method not found) when a client invokes the tool as a task.',
    level: 'SHOULD',
    spec: 'basic/utilities/tasks#tool-level-negotiation',
    catalog: ['TASK-003'],
    async run(ctx) {
      const tool = taskTool(ctx, ['forbidden']);
      expectError(await ctx.client.request('tools/call', { name: tool.name, arguments: toolArguments(tool), task: { ttl: 60_000 } }), -32601, `-32601 for ${String(tool.name)} called as a task`);
    },
  },
  {
    slug: 'required-tool-needs-task',
    title: 'A plain call to a tool that requires tasks gets -32601',
    requirement: 'If execution.taskSupport is "required", servers MUST return -32601 (Method not found) if a client does not invoke it as a task (the error section also allows -32600).',
    level: 'MUST',
    spec: 'basic/utilities/tasks#tool-level-negotiation',
    catalog: ['TASK-004'],
    async run(ctx) {
      const tool = taskTool(ctx, ['required']);
      expectError(await ctx.client.request('tools/call', { name: tool.name, arguments: toolArguments(tool) }), [-32601, -32600], `-32601 (or -32600) for ${String(tool.name)} called without a task`);
    },
  },
  {
    slug: 'create-task',
    title: 'A task-augmented call returns a working task with timestamps and a ttl',
    requirement: 'An accepted task-augmented request MUST return a CreateTaskResult; tasks MUST begin in "working", with ISO 8601 createdAt and lastUpdatedAt and the actual ttl.',
    level: 'MUST',
    spec: 'basic/utilities/tasks#task-status-lifecycle',
    catalog: ['TASK-005'],
    async run(ctx) {
      const task = await createTask(ctx, ctx.client, taskTool(ctx));
      expectThat(task.status === 'working', `a new task has status ${JSON.stringify(task.status)}, not "working"`, { expected: { status: 'working' }, actual: task });
      expectThat(isTimestamp(task.createdAt) && isTimestamp(task.lastUpdatedAt), 'createdAt or lastUpdatedAt is not an ISO 8601 timestamp', { expected: 'ISO 8601 timestamps', actual: task });
      expectThat('ttl' in task, 'the task has no ttl (a number, or null for unlimited)', { expected: 'ttl', actual: task });
    },
  },
  {
    slug: 'task-ids',
    title: 'Task ids are unique and not guessable',
    requirement: 'Task ids MUST be strings generated by the receiver and unique among its tasks; without an authorization context they must not be guessable.',
    level: 'MUST',
    spec: 'basic/utilities/tasks#task-id-requirements',
    catalog: ['TASK-006'],
    async run(ctx) {
      const tool = taskTool(ctx);
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push(String((await createTask(ctx, ctx.client, tool)).taskId));
      expectThat(new Set(ids).size === ids.length, 'the server issued the same task id twice', { expected: 'distinct ids', actual: ids });
      const weak = ids.filter((id) => id.length < MIN_ID_LENGTH);
      if (weak.length > 0) ctx.warn(`task ids look guessable (under ${MIN_ID_LENGTH} characters): ${weak.join(', ')}`, { expected: 'random ids', actual: ids });
    },
  },
  {
    slug: 'get-task',
    title: 'tasks/get returns the task; an unknown id gets -32602',
    requirement: 'tasks/get returns the Task, including its actual ttl; an invalid or nonexistent taskId MUST get -32602 (Invalid params).',
    level: 'MUST',
    spec: 'basic/utilities/tasks#getting-tasks',
    catalog: ['TASK-007'],
    async run(ctx) {
      const task = await createTask(ctx, ctx.client, taskTool(ctx));
      const got = await getTask(ctx.client, task.taskId);
      expectValid(ctx.schema, 'GetTaskResult', got, 'the tasks/get result');
      expectThat(got.taskId === task.taskId && 'ttl' in got, 'tasks/get did not describe the task asked for, with its ttl', { expected: { taskId: task.taskId, ttl: 'present' }, actual: got });
      expectError(await ctx.client.request('tasks/get', { taskId: 'x-mcp-conform-missing' }), -32602, '-32602 for tasks/get of an unknown task');
    },
  },
  {
    slug: 'status-lifecycle',
    title: 'Task status moves only along allowed paths and stays terminal',
    requirement: 'Receivers MUST only move tasks from working to input_required or a terminal status, from input_required to working or a terminal status; completed, failed and cancelled MUST NOT change.',
    level: 'MUST',
    spec: 'basic/utilities/tasks#task-status-lifecycle',
    catalog: ['TASK-008'],
    async run(ctx) {
      const task = await createTask(ctx, ctx.client, taskTool(ctx));
      const statuses = await pollUntilTerminal(ctx, ctx.client, task);
      for (let i = 0; i < 2; i++) statuses.push(String((await getTask(ctx.client, task.taskId)).status));
      for (let i = 1; i < statuses.length; i++) {
        const [from, to] = [statuses[i - 1], statuses[i]];
        expectThat(from === to || (NEXT[from] ?? []).includes(to), `task ${String(task.taskId)} went from ${from} to ${to}`, { expected: 'allowed transitions only', actual: statuses });
      }
    },
  },
  {
    slug: 'result-after-terminal',
    title: 'tasks/result answers only once the task is terminal, with the tool result',
    requirement: 'For a non-terminal task, tasks/result MUST block until the task is terminal, then return exactly what the underlying request would have returned.',
    level: 'MUST',
    spec: 'basic/utilities/tasks#result-retrieval',
    catalog: ['TASK-009'],
    async run(ctx) {
      const task = await createTask(ctx, ctx.client, taskTool(ctx));
      const exchange = await ctx.client.request('tasks/result', { taskId: task.taskId }, { timeoutMs: 10_000 });
      const after = await getTask(ctx.client, task.taskId);
      expectThat(TERMINAL.includes(String(after.status)), `tasks/result answered while the task was still ${String(after.status)}`, { expected: 'a terminal task once tasks/result answers', actual: after });
      if (errorOf(exchange)) return ctx.note(`tasks/result returned the underlying error ${describeOutcome(exchange)}`);
      expectValid(ctx.schema, 'CallToolResult', expectResult(exchange), 'the tasks/result payload');
    },
  },
  {
    slug: 'result-related-task',
    title: 'The tasks/result response names its task in _meta',
    requirement: 'The tasks/result response MUST include io.modelcontextprotocol/related-task in its _meta, with the taskId of the task.',
    level: 'MUST',
    spec: 'basic/utilities/tasks#associating-task-related-messages',
    catalog: ['TASK-010', 'TASK-011'],
    async run(ctx) {
      const task = await createTask(ctx, ctx.client, taskTool(ctx));
      const result = expectResult(await ctx.client.request('tasks/result', { taskId: task.taskId }, { timeoutMs: 10_000 }));
      expectThat(relatedTaskOf(result) === task.taskId, `tasks/result carries related-task ${JSON.stringify(relatedTaskOf(result))}, not ${JSON.stringify(task.taskId)}`, {
        expected: { _meta: { [RELATED_TASK_KEY]: { taskId: task.taskId } } },
        actual: result._meta ?? null,
      });
    },
  },
  {
    slug: 'no-related-task-on-task-operations',
    title: 'tasks/get, tasks/list and tasks/cancel results carry no related-task _meta',
    requirement: 'For tasks/get, tasks/list and tasks/cancel, receivers SHOULD NOT include io.modelcontextprotocol/related-task metadata in the results: the taskId is already in them.',
    level: 'SHOULD',
    spec: 'basic/utilities/tasks#associating-task-related-messages',
    catalog: ['TASK-012'],
    async run(ctx) {
      const task = await createTask(ctx, ctx.client, taskTool(ctx));
      const results: Array<[string, JsonObject]> = [['tasks/get', await getTask(ctx.client, task.taskId)]];
      if (isObject(ctx.profile.capabilities?.tasks) && isObject(ctx.profile.capabilities.tasks.list)) results.push(['tasks/list', expectResult(await ctx.client.request('tasks/list', {}))]);
      for (const [method, result] of results) {
        expectThat(relatedTaskOf(result) === undefined, `the ${method} result carries related-task _meta`, { expected: 'no related-task in _meta', actual: result._meta });
      }
    },
  },
  {
    slug: 'task-id-param-wins',
    title: 'tasks/get goes by params.taskId, not by a related-task _meta',
    requirement: 'For tasks/get, tasks/result and tasks/cancel, the taskId parameter MUST be the source of truth; receivers MUST ignore related-task metadata in favour of it.',
    level: 'MUST',
    spec: 'basic/utilities/tasks#associating-task-related-messages',
    catalog: ['TASK-013'],
    async run(ctx) {
      const tool = taskTool(ctx);
      const [first, second] = [await createTask(ctx, ctx.client, tool), await createTask(ctx, ctx.client, tool)];
      const got = await getTask(ctx.client, first.taskId, { [RELATED_TASK_KEY]: { taskId: second.taskId } });
      expectThat(got.taskId === first.taskId, `tasks/get for ${String(first.taskId)} with related-task ${String(second.taskId)} described ${String(got.taskId)}`, { expected: { taskId: first.taskId }, actual: got });
    },
  },
  {
    slug: 'cancel-terminal-rejected',
    title: 'Cancelling a finished task gets -32602',
    requirement: 'Receivers MUST reject cancellation requests for tasks already in a terminal status with -32602 (Invalid params).',
    level: 'MUST',
    spec: 'basic/utilities/tasks#task-cancellation',
    catalog: ['TASK-014'],
    async run(ctx) {
      needTaskOperation(ctx, 'cancel');
      const task = await createTask(ctx, ctx.client, taskTool(ctx));
      await pollUntilTerminal(ctx, ctx.client, task);
      expectError(await ctx.client.request('tasks/cancel', { taskId: task.taskId }), -32602, '-32602 for cancelling a terminal task');
    },
  },
  {
    slug: 'cancel-working',
    title: 'Cancelling a working task leaves it cancelled',
    requirement: 'A valid tasks/cancel MUST move the task to cancelled before answering with it; a task that finished first is terminal and gets -32602 instead.',
    level: 'MUST',
    spec: 'basic/utilities/tasks#task-cancellation',
    catalog: ['TASK-015'],
    async run(ctx) {
      needTaskOperation(ctx, 'cancel');
      const task = await createTask(ctx, ctx.client, taskTool(ctx));
      const exchange = await ctx.client.request('tasks/cancel', { taskId: task.taskId });
      if (errorOf(exchange)) {
        expectError(exchange, -32602, '-32602 when the task had already finished');
        const after = await getTask(ctx.client, task.taskId);
        return expectThat(TERMINAL.includes(String(after.status)), `tasks/cancel was refused, yet the task is ${String(after.status)}`, { expected: 'a terminal task', actual: after });
      }
      const cancelled = expectResult(exchange);
      expectThat(cancelled.status === 'cancelled', `tasks/cancel answered with status ${JSON.stringify(cancelled.status)}`, { expected: { status: 'cancelled' }, actual: cancelled });
      const later = await ctx.client.request('tasks/get', { taskId: task.taskId });
      const status = later.response && isObject(later.response.result) ? later.response.result.status : 'deleted';
      expectThat(status === 'cancelled' || errorOf(later)?.code === -32602, `after tasks/cancel the task is ${String(status)}`, { expected: 'cancelled (or deleted)', actual: observed(later) });
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
      expectThat(ids.includes(task.taskId), `tasks/list does not list task ${String(task.taskId)}, which tasks/get returns`, { expected: task.taskId, actual: ids });
      expectError(await ctx.client.request('tasks/list', { cursor: 'x-mcp-conform-bad-cursor' }), -32602, '-32602 for tasks/list with a bogus cursor');
    },
  },
  {
    slug: 'get-not-streamed',
    title: 'tasks/get is answered with JSON, not upgraded to SSE',
    requirement: 'Where possible, servers SHOULD NOT upgrade to an SSE stream in response to a tasks/get request: the client has said it wishes to poll.',
    level: 'SHOULD',
    spec: 'basic/utilities/tasks#input-required-status',
    catalog: ['TASK-020'],
    transports: ['http'],
    async run(ctx) {
      const task = await createTask(ctx, ctx.client, taskTool(ctx));
      const exchange = await ctx.client.request('tasks/get', { taskId: task.taskId });
      expectThat(exchange.http?.contentType !== 'text/event-stream', 'tasks/get was answered with an SSE stream', { expected: 'application/json', actual: observed(exchange) });
    },
  },
]);
