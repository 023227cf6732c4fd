// 2026-07-28 (stateless): _meta envelopes, resultType, caching, MRTR input requests, discovery, subscriptions.
import {
  type DefTable,
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
  meta,
  notification,
  request,
} from './shapes.js';

const PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
const CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
const CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
const LOG_LEVEL = 'io.modelcontextprotocol/logLevel';
const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';
const SERVER_INFO = 'io.modelcontextprotocol/serverInfo';

/** `{ jsonrpc, id, result: A | B }` for one method. */
const resultResponse = (...results: string[]) =>
  ext(['JSONRPCResultResponse'], { result: results.length === 1 ? ref(results[0]) : union(...results) });

const jsonObject = () => ref('JSONObject');
const form = elicitFormProps();
const sampling = createMessageProps(jsonObject());
const elicitResult = elicitResultProps();

export const rev20260728Defs: DefTable = {
  // JSON values; the official generator drops `null` and maps number to integer here, we follow it.
  JSONValue: anyOf(ref('JSONObject'), ref('JSONArray'), types('string', 'integer', 'boolean')),
  JSONObject: record(ref('JSONValue')),
  JSONArray: arr(ref('JSONValue')),

  // _meta objects
  MetaObject: obj(),
  RequestMetaObject: obj(
    { [PROTOCOL_VERSION]: str(), [CLIENT_CAPABILITIES]: ref('ClientCapabilities') },
    { progressToken: ref('ProgressToken'), [CLIENT_INFO]: ref('Implementation'), [LOG_LEVEL]: ref('LoggingLevel') },
  ),
  NotificationMetaObject: obj({}, { [SUBSCRIPTION_ID]: ref('RequestId') }),
  ResultMetaObject: obj({}, { [SERVER_INFO]: ref('Implementation') }),

  // Bases
  RequestParams: obj({ _meta: ref('RequestMetaObject') }),
  NotificationParams: obj({}, { _meta: ref('NotificationMetaObject') }),
  ResultType: str(),
  Result: obj({ resultType: ref('ResultType') }, { _meta: ref('ResultMetaObject') }),
  PaginatedRequest: ext(['JSONRPCRequest'], { params: ref('PaginatedRequestParams') }),
  CacheableResult: ext(['Result'], { ttlMs: int({ minimum: 0 }), cacheScope: enm('public', 'private') }),

  // Errors: the five JSON-RPC ones describe `error`; the MCP ones describe the whole response.
  ParseError: ext(['Error'], { code: constant(-32700) }),
  InvalidRequestError: ext(['Error'], { code: constant(-32600) }),
  MethodNotFoundError: ext(['Error'], { code: constant(-32601) }),
  InvalidParamsError: ext(['Error'], { code: constant(-32602) }),
  InternalError: ext(['Error'], { code: constant(-32603) }),
  HeaderMismatchError: errorEnvelope(-32020),
  MissingRequiredClientCapabilityError: errorEnvelope(-32021, obj({ requiredCapabilities: ref('ClientCapabilities') })),
  UnsupportedProtocolVersionError: errorEnvelope(-32022, obj({ supported: arr(str()), requested: str() })),

  // Multi round-trip requests
  InputRequest: union('CreateMessageRequest', 'ListRootsRequest', 'ElicitRequest'),
  InputResponse: union('CreateMessageResult', 'ListRootsResult', 'ElicitResult'),
  InputRequests: record(ref('InputRequest')),
  InputResponses: record(ref('InputResponse')),
  InputRequiredResult: ext(['Result'], {}, { inputRequests: ref('InputRequests'), requestState: str() }),
  InputResponseRequestParams: ext(
    ['RequestParams'],
    {},
    { inputResponses: ref('InputResponses'), requestState: str() },
  ),

  CancelledNotificationParams: ext(['NotificationParams'], { requestId: ref('RequestId') }, { reason: str() }),

  // Discovery and capabilities
  DiscoverRequest: request('server/discover', 'RequestParams'),
  DiscoverResult: ext(
    ['CacheableResult'],
    { supportedVersions: arr(str()), capabilities: ref('ServerCapabilities') },
    { instructions: str() },
  ),
  DiscoverResultResponse: resultResponse('DiscoverResult'),
  ClientCapabilities: obj(
    {},
    {
      experimental: record(jsonObject()),
      roots: obj(),
      sampling: obj({}, { context: jsonObject(), tools: jsonObject() }),
      elicitation: obj({}, { form: jsonObject(), url: jsonObject() }),
      extensions: record(jsonObject()),
    },
  ),
  ServerCapabilities: obj(
    {},
    {
      experimental: record(jsonObject()),
      logging: jsonObject(),
      completions: jsonObject(),
      ...capabilityFlags,
      extensions: record(jsonObject()),
    },
  ),

  // Resources
  ListResourcesResult: ext(['PaginatedResult', 'CacheableResult'], { resources: arr(ref('Resource')) }),
  ListResourcesResultResponse: resultResponse('ListResourcesResult'),
  ListResourceTemplatesResult: ext(['PaginatedResult', 'CacheableResult'], {
    resourceTemplates: arr(ref('ResourceTemplate')),
  }),
  ListResourceTemplatesResultResponse: resultResponse('ListResourceTemplatesResult'),
  ReadResourceRequestParams: ext(['ResourceRequestParams', 'InputResponseRequestParams']),
  ReadResourceResult: ext(['CacheableResult'], {
    contents: arr(anyOf(ref('TextResourceContents'), ref('BlobResourceContents'))),
  }),
  ReadResourceResultResponse: resultResponse('ReadResourceResult', 'InputRequiredResult'),

  // Subscriptions
  SubscriptionFilter: obj(
    {},
    {
      toolsListChanged: bool(),
      promptsListChanged: bool(),
      resourcesListChanged: bool(),
      resourceSubscriptions: arr(str()),
    },
  ),
  SubscriptionsListenRequestParams: ext(['RequestParams'], { notifications: ref('SubscriptionFilter') }),
  SubscriptionsListenRequest: request('subscriptions/listen', 'SubscriptionsListenRequestParams'),
  SubscriptionsListenResultMetaObject: ext(['ResultMetaObject'], { [SUBSCRIPTION_ID]: ref('RequestId') }),
  SubscriptionsListenResult: ext(['Result'], { _meta: ref('SubscriptionsListenResultMetaObject') }),
  SubscriptionsListenResultResponse: resultResponse('SubscriptionsListenResult'),
  SubscriptionsAcknowledgedNotificationParams: ext(['NotificationParams'], {
    notifications: ref('SubscriptionFilter'),
  }),
  SubscriptionsAcknowledgedNotification: notification(
    'notifications/subscriptions/acknowledged',
    'SubscriptionsAcknowledgedNotificationParams',
  ),

  // Prompts
  ListPromptsResult: ext(['PaginatedResult', 'CacheableResult'], { prompts: arr(ref('Prompt')) }),
  ListPromptsResultResponse: resultResponse('ListPromptsResult'),
  GetPromptRequestParams: ext(['InputResponseRequestParams'], { name: str() }, { arguments: record(str()) }),
  GetPromptResultResponse: resultResponse('GetPromptResult', 'InputRequiredResult'),

  // Tools
  ListToolsResult: ext(['PaginatedResult', 'CacheableResult'], { tools: arr(ref('Tool')) }),
  ListToolsResultResponse: resultResponse('ListToolsResult'),
  CallToolResult: ext(['Result'], { content: arr(ref('ContentBlock')) }, { structuredContent: any(), isError: bool() }),
  CallToolResultResponse: resultResponse('CallToolResult', 'InputRequiredResult'),
  CallToolRequestParams: ext(['InputResponseRequestParams'], { name: str() }, { arguments: record(any()) }),
  Tool: ext(
    ['BaseMetadata', 'Icons'],
    { inputSchema: obj({ type: constant('object') }, { $schema: str() }) },
    {
      description: str(),
      outputSchema: obj({}, { $schema: str() }),
      annotations: ref('ToolAnnotations'),
      _meta: meta(),
    },
  ),
  ToolResultContent: obj(
    { type: constant('tool_result'), toolUseId: str(), content: arr(ref('ContentBlock')) },
    { structuredContent: any(), isError: bool(), _meta: meta() },
  ),

  // Input requests are bare {method, params}: they travel inside results, not as JSON-RPC requests.
  CreateMessageRequestParams: obj(sampling.required, sampling.optional),
  CreateMessageRequest: obj({ method: constant('sampling/createMessage'), params: ref('CreateMessageRequestParams') }),
  CreateMessageResult: ext(['SamplingMessage'], { model: str() }, { stopReason: str() }),
  ListRootsRequest: obj({ method: constant('roots/list') }, { params: obj({}, { _meta: meta() }) }),
  ListRootsResult: obj({ roots: arr(ref('Root')) }),
  ElicitRequestFormParams: obj(form.required, form.optional),
  ElicitRequestURLParams: obj({ mode: constant('url'), message: str(), url: uri() }),
  ElicitRequest: obj({ method: constant('elicitation/create'), params: ref('ElicitRequestParams') }),
  ElicitResult: obj(elicitResult.required, elicitResult.optional),

  // Completion
  CompleteResult: ext(['Result'], {
    completion: obj({ values: arr(str(), { maxItems: 100 }) }, { total: int(), hasMore: bool() }),
  }),
  CompleteResultResponse: resultResponse('CompleteResult'),

  // Message unions
  ClientRequest: union(
    'DiscoverRequest',
    'CompleteRequest',
    'GetPromptRequest',
    'ListPromptsRequest',
    'ListResourcesRequest',
    'ListResourceTemplatesRequest',
    'ReadResourceRequest',
    'SubscriptionsListenRequest',
    'CallToolRequest',
    'ListToolsRequest',
  ),
  ClientNotification: ref('CancelledNotification'),
  ClientResult: ref('EmptyResult'),
  ServerNotification: union(
    'CancelledNotification',
    'ProgressNotification',
    'LoggingMessageNotification',
    'ResourceUpdatedNotification',
    'ResourceListChangedNotification',
    'ToolListChangedNotification',
    'PromptListChangedNotification',
    'SubscriptionsAcknowledgedNotification',
  ),
  ServerResult: union(
    'EmptyResult',
    'DiscoverResult',
    'CompleteResult',
    'GetPromptResult',
    'ListPromptsResult',
    'ListResourceTemplatesResult',
    'ListResourcesResult',
    'ReadResourceResult',
    'SubscriptionsListenResult',
    'CallToolResult',
    'ListToolsResult',
    'InputRequiredResult',
  ),
};
