// Hand-written 2025-11-25 messages for definitions the 2026-07-28 examples cannot cover
// (initialize handshake, ping, tasks, server-to-client requests, URL elicitation).
export interface Sample {
  def: string;
  label: string;
  value: unknown;
}

const implementation = {
  name: 'example-server',
  title: 'Example',
  version: '1.2.3',
  websiteUrl: 'https://example.com',
};
const task = {
  taskId: 'task-1',
  status: 'working',
  statusMessage: 'Crunching',
  createdAt: '2025-11-25T10:00:00Z',
  lastUpdatedAt: '2025-11-25T10:00:05Z',
  ttl: 60000,
  pollInterval: 500,
};
const serverCapabilities = {
  logging: {},
  completions: {},
  prompts: { listChanged: true },
  resources: { subscribe: true, listChanged: false },
  tools: { listChanged: true },
  tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
  experimental: { 'x.example': { enabled: true } },
};
const clientCapabilities = {
  roots: { listChanged: true },
  sampling: { context: {}, tools: {} },
  elicitation: { form: {}, url: {} },
  tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
};
const tool = {
  name: 'get_weather',
  title: 'Weather',
  description: 'Current weather',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  outputSchema: { type: 'object', properties: { temperature: { type: 'number' } } },
  execution: { taskSupport: 'optional' },
  annotations: { readOnlyHint: true },
  icons: [{ src: 'https://example.com/icon.png', mimeType: 'image/png', sizes: ['48x48'], theme: 'light' }],
};
const rpc = (id: number | string, result: unknown) => ({ jsonrpc: '2.0', id, result });
const call = (id: number | string, method: string, params?: unknown) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params === undefined ? {} : { params }),
});
const sampling = {
  messages: [{ role: 'user', content: { type: 'text', text: 'Capital of France?' } }],
  maxTokens: 100,
  temperature: 0.5,
  includeContext: 'none',
  modelPreferences: { hints: [{ name: 'claude' }], costPriority: 0.3 },
  task: { ttl: 30000 },
};

export const SAMPLES_2025_11_25: Sample[] = [
  {
    def: 'InitializeRequest',
    label: 'initialize',
    value: call(0, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: clientCapabilities,
      clientInfo: { name: 'mcp-conform', version: '0.1.0' },
    }),
  },
  {
    def: 'InitializeResult',
    label: 'initialize result',
    value: {
      protocolVersion: '2025-11-25',
      capabilities: serverCapabilities,
      serverInfo: implementation,
      instructions: 'Use the tools.',
      _meta: { trace: 'abc' },
    },
  },
  {
    def: 'InitializedNotification',
    label: 'initialized',
    value: { jsonrpc: '2.0', method: 'notifications/initialized' },
  },
  { def: 'PingRequest', label: 'ping', value: call(7, 'ping') },
  { def: 'PingRequest', label: 'ping with meta', value: call('p', 'ping', { _meta: { progressToken: 3 } }) },
  { def: 'EmptyResult', label: 'empty result', value: {} },
  { def: 'JSONRPCResultResponse', label: 'ping response', value: rpc(7, {}) },
  { def: 'SetLevelRequest', label: 'setLevel', value: call(2, 'logging/setLevel', { level: 'warning' }) },
  { def: 'SubscribeRequest', label: 'subscribe', value: call(3, 'resources/subscribe', { uri: 'file:///a.txt' }) },
  {
    def: 'UnsubscribeRequest',
    label: 'unsubscribe',
    value: call(4, 'resources/unsubscribe', { uri: 'file:///a.txt' }),
  },
  { def: 'ListToolsRequest', label: 'tools/list without params', value: call(5, 'tools/list') },
  { def: 'ListToolsResult', label: 'tools/list result', value: { tools: [tool], nextCursor: 'c2' } },
  {
    def: 'CallToolRequest',
    label: 'task-augmented tools/call',
    value: call(6, 'tools/call', { name: 'get_weather', arguments: { city: 'Paris' }, task: { ttl: 60000 } }),
  },
  {
    def: 'CallToolResult',
    label: 'tools/call result',
    value: { content: [{ type: 'text', text: '21C' }], structuredContent: { temperature: 21 }, isError: false },
  },
  { def: 'CreateTaskResult', label: 'create task result', value: { task } },
  { def: 'Task', label: 'task with null ttl', value: { ...task, status: 'completed', ttl: null } },
  { def: 'GetTaskRequest', label: 'tasks/get', value: call(8, 'tasks/get', { taskId: 'task-1' }) },
  { def: 'GetTaskResult', label: 'tasks/get result', value: { ...task, _meta: {} } },
  { def: 'GetTaskPayloadRequest', label: 'tasks/result', value: call(9, 'tasks/result', { taskId: 'task-1' }) },
  { def: 'GetTaskPayloadResult', label: 'tasks/result result', value: { content: [{ type: 'text', text: 'done' }] } },
  { def: 'CancelTaskRequest', label: 'tasks/cancel', value: call(10, 'tasks/cancel', { taskId: 'task-1' }) },
  { def: 'CancelTaskResult', label: 'tasks/cancel result', value: { ...task, status: 'cancelled' } },
  { def: 'ListTasksRequest', label: 'tasks/list', value: call(11, 'tasks/list', { cursor: 'c1' }) },
  { def: 'ListTasksResult', label: 'tasks/list result', value: { tasks: [task], nextCursor: 'c2' } },
  {
    def: 'TaskStatusNotification',
    label: 'task status',
    value: { jsonrpc: '2.0', method: 'notifications/tasks/status', params: { ...task, status: 'input_required' } },
  },
  {
    def: 'CreateMessageRequest',
    label: 'sampling/createMessage',
    value: call('s1', 'sampling/createMessage', sampling),
  },
  {
    def: 'CreateMessageResult',
    label: 'sampling result',
    value: { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'm', stopReason: 'endTurn' },
  },
  { def: 'ListRootsRequest', label: 'roots/list', value: call('r1', 'roots/list') },
  {
    def: 'ListRootsResult',
    label: 'roots result',
    value: { roots: [{ uri: 'file:///home/user/project', name: 'project' }] },
  },
  {
    def: 'RootsListChangedNotification',
    label: 'roots changed',
    value: { jsonrpc: '2.0', method: 'notifications/roots/list_changed' },
  },
  {
    def: 'ElicitRequest',
    label: 'form elicitation',
    value: call('e1', 'elicitation/create', {
      mode: 'form',
      message: 'Your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string', minLength: 1 } }, required: ['name'] },
    }),
  },
  {
    def: 'ElicitRequest',
    label: 'url elicitation',
    value: call('e2', 'elicitation/create', {
      mode: 'url',
      message: 'Log in',
      elicitationId: 'el-1',
      url: 'https://example.com/login',
    }),
  },
  { def: 'ElicitResult', label: 'elicit result', value: { action: 'accept', content: { name: 'Ada', age: 36 } } },
  {
    def: 'ElicitationCompleteNotification',
    label: 'elicitation complete',
    value: { jsonrpc: '2.0', method: 'notifications/elicitation/complete', params: { elicitationId: 'el-1' } },
  },
  {
    def: 'URLElicitationRequiredError',
    label: 'url elicitation required',
    value: {
      jsonrpc: '2.0',
      id: 12,
      error: {
        code: -32042,
        message: 'Authorization required',
        data: {
          elicitations: [{ mode: 'url', message: 'Log in', elicitationId: 'el-2', url: 'https://example.com/auth' }],
        },
      },
    },
  },
  {
    def: 'CancelledNotification',
    label: 'cancelled without requestId',
    value: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { reason: 'bye' } },
  },
  {
    def: 'ProgressNotification',
    label: 'progress',
    value: {
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 'p', progress: 0.5, total: 1 },
    },
  },
  {
    def: 'LoggingMessageNotification',
    label: 'log',
    value: { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', logger: 'x', data: { a: 1 } } },
  },
  {
    def: 'ReadResourceResult',
    label: 'resources/read result',
    value: {
      contents: [
        { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'hi' },
        { uri: 'file:///b.bin', blob: 'AAEC' },
      ],
    },
  },
  {
    def: 'CompleteResult',
    label: 'completion result',
    value: { completion: { values: Array.from({ length: 101 }, (_, i) => `v${i}`), total: 101, hasMore: true } },
  },
  { def: 'ClientCapabilities', label: 'client capabilities', value: clientCapabilities },
  { def: 'ServerCapabilities', label: 'server capabilities', value: serverCapabilities },
  { def: 'Tool', label: 'tool', value: tool },
];
