// 2025-11-25 (initialize handshake): open _meta, no resultType, no caching, tasks, server-to-client requests.
import {
  type DefTable,
  allOf,
  any,
  anyOf,
  arr,
  bool,
  constant,
  enm,
  ext,
  int,
  obj,
  record,
  ref,
  str,
  types,
  union,
  uri,
} from '../dsl.js';
import {
  capabilityFlags,
  createMessageProps,
  elicitFormProps,
  elicitResultProps,
  errorEnvelope,
  notification,
  request,
} from './shapes.js';

// TS `object`: any object.
const object = () => obj();
// Tool.inputSchema / outputSchema share this shape in 2025-11-25.
const toolSchema = () =>
  obj({ type: constant('object') }, { $schema: str(), properties: record(object()), required: arr(str()) });
// tasks/get, tasks/result, tasks/cancel: params are just the task id.
const taskRequest = (method: string) =>
  ext(['JSONRPCRequest'], { method: constant(method), params: obj({ taskId: str() }) });
const form = elicitFormProps();
const sampling = createMessageProps(object());
const elicitResult = elicitResultProps();

export const rev20251125Defs: DefTable = {
  // Bases
  RequestParams: obj({}, { _meta: obj({}, { progressToken: ref('ProgressToken') }) }),
  TaskAugmentedRequestParams: ext(['RequestParams'], {}, { task: ref('TaskMetadata') }),
  NotificationParams: obj({}, { _meta: object() }),
  Result: obj({}, { _meta: object() }),
  PaginatedRequest: ext(['JSONRPCRequest'], {}, { params: ref('PaginatedRequestParams') }),

  URLElicitationRequiredError: errorEnvelope(-32042, obj({ elicitations: arr(ref('ElicitRequestURLParams')) })),

  CancelledNotificationParams: ext(['NotificationParams'], {}, { requestId: ref('RequestId'), reason: str() }),

  // Initialization
  InitializeRequestParams: ext(['RequestParams'], {
    protocolVersion: str(),
    capabilities: ref('ClientCapabilities'),
    clientInfo: ref('Implementation'),
  }),
  InitializeRequest: request('initialize', 'InitializeRequestParams'),
  InitializeResult: ext(
    ['Result'],
    { protocolVersion: str(), capabilities: ref('ServerCapabilities'), serverInfo: ref('Implementation') },
    { instructions: str() },
  ),
  InitializedNotification: notification('notifications/initialized', 'NotificationParams', true),
  ClientCapabilities: obj(
    {},
    {
      experimental: record(object()),
      roots: obj({}, { listChanged: bool() }),
      sampling: obj({}, { context: object(), tools: object() }),
      elicitation: obj({}, { form: object(), url: object() }),
      tasks: obj(
        {},
        {
          list: object(),
          cancel: object(),
          requests: obj(
            {},
            {
              sampling: obj({}, { createMessage: object() }),
              elicitation: obj({}, { create: object() }),
            },
          ),
        },
      ),
    },
  ),
  ServerCapabilities: obj(
    {},
    {
      experimental: record(object()),
      logging: object(),
      completions: object(),
      ...capabilityFlags,
      tasks: obj({}, { list: object(), cancel: object(), requests: obj({}, { tools: obj({}, { call: object() }) }) }),
    },
  ),
  PingRequest: request('ping', 'RequestParams', true),

  // Resources
  ListResourcesResult: ext(['PaginatedResult'], { resources: arr(ref('Resource')) }),
  ListResourceTemplatesResult: ext(['PaginatedResult'], { resourceTemplates: arr(ref('ResourceTemplate')) }),
  ReadResourceRequestParams: ext(['ResourceRequestParams']),
  ReadResourceResult: ext(['Result'], {
    contents: arr(anyOf(ref('TextResourceContents'), ref('BlobResourceContents'))),
  }),
  SubscribeRequestParams: ext(['ResourceRequestParams']),
  SubscribeRequest: request('resources/subscribe', 'SubscribeRequestParams'),
  UnsubscribeRequestParams: ext(['ResourceRequestParams']),
  UnsubscribeRequest: request('resources/unsubscribe', 'UnsubscribeRequestParams'),

  // Prompts
  ListPromptsResult: ext(['PaginatedResult'], { prompts: arr(ref('Prompt')) }),
  GetPromptRequestParams: ext(['RequestParams'], { name: str() }, { arguments: record(str()) }),

  // Tools
  ListToolsResult: ext(['PaginatedResult'], { tools: arr(ref('Tool')) }),
  CallToolResult: ext(
    ['Result'],
    { content: arr(ref('ContentBlock')) },
    { structuredContent: record(any()), isError: bool() },
  ),
  CallToolRequestParams: ext(['TaskAugmentedRequestParams'], { name: str() }, { arguments: record(any()) }),
  ToolExecution: obj({}, { taskSupport: enm('forbidden', 'optional', 'required') }),
  Tool: ext(
    ['BaseMetadata', 'Icons'],
    { inputSchema: toolSchema() },
    {
      description: str(),
      execution: ref('ToolExecution'),
      outputSchema: toolSchema(),
      annotations: ref('ToolAnnotations'),
      _meta: object(),
    },
  ),
  ToolResultContent: obj(
    { type: constant('tool_result'), toolUseId: str(), content: arr(ref('ContentBlock')) },
    { structuredContent: record(any()), isError: bool(), _meta: object() },
  ),

  // Tasks
  TaskStatus: enm('working', 'input_required', 'completed', 'failed', 'cancelled'),
  TaskMetadata: obj({}, { ttl: int() }),
  RelatedTaskMetadata: obj({ taskId: str() }),
  Task: obj(
    {
      taskId: str(),
      status: ref('TaskStatus'),
      createdAt: str(),
      lastUpdatedAt: str(),
      ttl: types('integer', 'null'),
    },
    { statusMessage: str(), pollInterval: int() },
  ),
  CreateTaskResult: ext(['Result'], { task: ref('Task') }),
  GetTaskRequest: taskRequest('tasks/get'),
  GetTaskResult: allOf(ref('Result'), ref('Task')),
  GetTaskPayloadRequest: taskRequest('tasks/result'),
  GetTaskPayloadResult: ext(['Result']),
  CancelTaskRequest: taskRequest('tasks/cancel'),
  CancelTaskResult: allOf(ref('Result'), ref('Task')),
  ListTasksRequest: ext(['PaginatedRequest'], { method: constant('tasks/list') }),
  ListTasksResult: ext(['PaginatedResult'], { tasks: arr(ref('Task')) }),
  TaskStatusNotificationParams: allOf(ref('NotificationParams'), ref('Task')),
  TaskStatusNotification: notification('notifications/tasks/status', 'TaskStatusNotificationParams'),

  // Logging
  SetLevelRequestParams: ext(['RequestParams'], { level: ref('LoggingLevel') }),
  SetLevelRequest: request('logging/setLevel', 'SetLevelRequestParams'),

  // Server-to-client requests are full JSON-RPC requests in this revision.
  CreateMessageRequestParams: ext(['TaskAugmentedRequestParams'], sampling.required, sampling.optional),
  CreateMessageRequest: request('sampling/createMessage', 'CreateMessageRequestParams'),
  CreateMessageResult: ext(['Result', 'SamplingMessage'], { model: str() }, { stopReason: str() }),
  ListRootsRequest: request('roots/list', 'RequestParams', true),
  ListRootsResult: ext(['Result'], { roots: arr(ref('Root')) }),
  RootsListChangedNotification: notification('notifications/roots/list_changed', 'NotificationParams', true),
  ElicitRequestFormParams: ext(['TaskAugmentedRequestParams'], form.required, form.optional),
  ElicitRequestURLParams: ext(['TaskAugmentedRequestParams'], {
    mode: constant('url'),
    message: str(),
    elicitationId: str(),
    url: uri(),
  }),
  ElicitRequest: request('elicitation/create', 'ElicitRequestParams'),
  ElicitResult: ext(['Result'], elicitResult.required, elicitResult.optional),
  ElicitationCompleteNotification: ext(['JSONRPCNotification'], {
    method: constant('notifications/elicitation/complete'),
    params: obj({ elicitationId: str() }),
  }),

  // Completion
  CompleteResult: ext(['Result'], {
    completion: obj({ values: arr(str()) }, { total: int(), hasMore: bool() }),
  }),

  // Message unions
  ClientRequest: union(
    'PingRequest',
    'InitializeRequest',
    'CompleteRequest',
    'SetLevelRequest',
    'GetPromptRequest',
    'ListPromptsRequest',
    'ListResourcesRequest',
    'ListResourceTemplatesRequest',
    'ReadResourceRequest',
    'SubscribeRequest',
    'UnsubscribeRequest',
    'CallToolRequest',
    'ListToolsRequest',
    'GetTaskRequest',
    'GetTaskPayloadRequest',
    'ListTasksRequest',
    'CancelTaskRequest',
  ),
  ClientNotification: union(
    'CancelledNotification',
    'ProgressNotification',
    'InitializedNotification',
    'RootsListChangedNotification',
    'TaskStatusNotification',
  ),
  ClientResult: union(
    'EmptyResult',
    'CreateMessageResult',
    'ListRootsResult',
    'ElicitResult',
    'GetTaskResult',
    'GetTaskPayloadResult',
    'ListTasksResult',
    'CancelTaskResult',
  ),
  ServerRequest: union(
    'PingRequest',
    'CreateMessageRequest',
    'ListRootsRequest',
    'ElicitRequest',
    'GetTaskRequest',
    'GetTaskPayloadRequest',
    'ListTasksRequest',
    'CancelTaskRequest',
  ),
  ServerNotification: union(
    'CancelledNotification',
    'ProgressNotification',
    'LoggingMessageNotification',
    'ResourceUpdatedNotification',
    'ResourceListChangedNotification',
    'ToolListChangedNotification',
    'PromptListChangedNotification',
    'ElicitationCompleteNotification',
    'TaskStatusNotification',
  ),
  ServerResult: union(
    'EmptyResult',
    'InitializeResult',
    'CompleteResult',
    'GetPromptResult',
    'ListPromptsResult',
    'ListResourceTemplatesResult',
    'ListResourcesResult',
    'ReadResourceResult',
    'CallToolResult',
    'ListToolsResult',
    'GetTaskResult',
    'GetTaskPayloadResult',
    'ListTasksResult',
    'CancelTaskResult',
  ),
};
