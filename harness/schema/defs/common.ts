// Definitions that validate the same in 2026-07-28 and 2025-11-25. Bases named in `ext` (Result,
// RequestParams, NotificationParams, PaginatedRequest...) are supplied by each revision module.
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
  num,
  obj,
  record,
  ref,
  str,
  types,
  union,
  uri,
} from '../dsl.js';
import { meta, notification, request } from './shapes.js';

const described = { title: str(), description: str() };

export const commonDefs: DefTable = {
  // JSON-RPC envelopes
  RequestId: types('string', 'integer'),
  ProgressToken: types('string', 'integer'),
  Cursor: str(),
  Request: obj({ method: str() }, { params: record(any()) }),
  Notification: obj({ method: str() }, { params: record(any()) }),
  Error: obj({ code: int(), message: str() }, { data: any() }),
  JSONRPCRequest: ext(['Request'], { jsonrpc: constant('2.0'), id: ref('RequestId') }),
  JSONRPCNotification: ext(['Notification'], { jsonrpc: constant('2.0') }),
  JSONRPCResultResponse: obj({ jsonrpc: constant('2.0'), id: ref('RequestId'), result: ref('Result') }),
  JSONRPCErrorResponse: obj({ jsonrpc: constant('2.0'), error: ref('Error') }, { id: ref('RequestId') }),
  JSONRPCResponse: union('JSONRPCResultResponse', 'JSONRPCErrorResponse'),
  JSONRPCMessage: union('JSONRPCRequest', 'JSONRPCNotification', 'JSONRPCResultResponse', 'JSONRPCErrorResponse'),
  EmptyResult: ref('Result'),

  // Metadata, icons, implementation
  BaseMetadata: obj({ name: str() }, { title: str() }),
  Icon: obj({ src: uri() }, { mimeType: str(), sizes: arr(str()), theme: enm('light', 'dark') }),
  Icons: obj({}, { icons: arr(ref('Icon')) }),
  Implementation: ext(['BaseMetadata', 'Icons'], { version: str() }, { description: str(), websiteUrl: uri() }),

  // Cancellation and progress
  CancelledNotification: notification('notifications/cancelled', 'CancelledNotificationParams'),
  ProgressNotificationParams: ext(
    ['NotificationParams'],
    { progressToken: ref('ProgressToken'), progress: num() },
    { total: num(), message: str() },
  ),
  ProgressNotification: notification('notifications/progress', 'ProgressNotificationParams'),

  // Pagination
  PaginatedRequestParams: ext(['RequestParams'], {}, { cursor: ref('Cursor') }),
  PaginatedResult: ext(['Result'], {}, { nextCursor: ref('Cursor') }),

  // Resources
  ListResourcesRequest: ext(['PaginatedRequest'], { method: constant('resources/list') }),
  ListResourceTemplatesRequest: ext(['PaginatedRequest'], { method: constant('resources/templates/list') }),
  ResourceRequestParams: ext(['RequestParams'], { uri: uri() }),
  ReadResourceRequest: request('resources/read', 'ReadResourceRequestParams'),
  ResourceListChangedNotification: notification('notifications/resources/list_changed', 'NotificationParams', true),
  ResourceUpdatedNotificationParams: ext(['NotificationParams'], { uri: uri() }),
  ResourceUpdatedNotification: notification('notifications/resources/updated', 'ResourceUpdatedNotificationParams'),
  Resource: ext(
    ['BaseMetadata', 'Icons'],
    { uri: uri() },
    { description: str(), mimeType: str(), annotations: ref('Annotations'), size: int(), _meta: meta() },
  ),
  ResourceTemplate: ext(
    ['BaseMetadata', 'Icons'],
    { uriTemplate: str('uri-template') },
    { description: str(), mimeType: str(), annotations: ref('Annotations'), _meta: meta() },
  ),
  ResourceContents: obj({ uri: uri() }, { mimeType: str(), _meta: meta() }),
  TextResourceContents: ext(['ResourceContents'], { text: str() }),
  BlobResourceContents: ext(['ResourceContents'], { blob: str('byte') }),

  // Prompts
  ListPromptsRequest: ext(['PaginatedRequest'], { method: constant('prompts/list') }),
  GetPromptRequest: request('prompts/get', 'GetPromptRequestParams'),
  GetPromptResult: ext(['Result'], { messages: arr(ref('PromptMessage')) }, { description: str() }),
  Prompt: ext(
    ['BaseMetadata', 'Icons'],
    {},
    { description: str(), arguments: arr(ref('PromptArgument')), _meta: meta() },
  ),
  PromptArgument: ext(['BaseMetadata'], {}, { description: str(), required: bool() }),
  Role: enm('user', 'assistant'),
  PromptMessage: obj({ role: ref('Role'), content: ref('ContentBlock') }),
  ResourceLink: ext(['Resource'], { type: constant('resource_link') }),
  EmbeddedResource: obj(
    { type: constant('resource'), resource: anyOf(ref('TextResourceContents'), ref('BlobResourceContents')) },
    { annotations: ref('Annotations'), _meta: meta() },
  ),
  PromptListChangedNotification: notification('notifications/prompts/list_changed', 'NotificationParams', true),

  // Tools
  ListToolsRequest: ext(['PaginatedRequest'], { method: constant('tools/list') }),
  CallToolRequest: request('tools/call', 'CallToolRequestParams'),
  ToolListChangedNotification: notification('notifications/tools/list_changed', 'NotificationParams', true),
  ToolAnnotations: obj(
    {},
    { title: str(), readOnlyHint: bool(), destructiveHint: bool(), idempotentHint: bool(), openWorldHint: bool() },
  ),

  // Logging
  LoggingLevel: enm('debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'),
  LoggingMessageNotificationParams: ext(
    ['NotificationParams'],
    { level: ref('LoggingLevel'), data: any() },
    { logger: str() },
  ),
  LoggingMessageNotification: notification('notifications/message', 'LoggingMessageNotificationParams'),

  // Sampling and content
  ToolChoice: obj({}, { mode: enm('auto', 'required', 'none') }),
  SamplingMessage: obj(
    {
      role: ref('Role'),
      content: anyOf(ref('SamplingMessageContentBlock'), arr(ref('SamplingMessageContentBlock'))),
    },
    { _meta: meta() },
  ),
  SamplingMessageContentBlock: union(
    'TextContent',
    'ImageContent',
    'AudioContent',
    'ToolUseContent',
    'ToolResultContent',
  ),
  Annotations: obj({}, { audience: arr(ref('Role')), priority: num({ minimum: 0, maximum: 1 }), lastModified: str() }),
  ContentBlock: union('TextContent', 'ImageContent', 'AudioContent', 'ResourceLink', 'EmbeddedResource'),
  TextContent: obj({ type: constant('text'), text: str() }, { annotations: ref('Annotations'), _meta: meta() }),
  ImageContent: obj(
    { type: constant('image'), data: str('byte'), mimeType: str() },
    { annotations: ref('Annotations'), _meta: meta() },
  ),
  AudioContent: obj(
    { type: constant('audio'), data: str('byte'), mimeType: str() },
    { annotations: ref('Annotations'), _meta: meta() },
  ),
  ToolUseContent: obj({ type: constant('tool_use'), id: str(), name: str(), input: record(any()) }, { _meta: meta() }),
  ModelPreferences: obj(
    {},
    {
      hints: arr(ref('ModelHint')),
      costPriority: num({ minimum: 0, maximum: 1 }),
      speedPriority: num({ minimum: 0, maximum: 1 }),
      intelligencePriority: num({ minimum: 0, maximum: 1 }),
    },
  ),
  ModelHint: obj({}, { name: str() }),

  // Completion
  CompleteRequestParams: ext(
    ['RequestParams'],
    {
      ref: anyOf(ref('PromptReference'), ref('ResourceTemplateReference')),
      argument: obj({ name: str(), value: str() }),
    },
    { context: obj({}, { arguments: record(str()) }) },
  ),
  CompleteRequest: request('completion/complete', 'CompleteRequestParams'),
  ResourceTemplateReference: obj({ type: constant('ref/resource'), uri: str('uri-template') }),
  PromptReference: ext(['BaseMetadata'], { type: constant('ref/prompt') }),

  // Roots
  Root: obj({ uri: uri() }, { name: str(), _meta: meta() }),

  // Elicitation
  ElicitRequestParams: union('ElicitRequestFormParams', 'ElicitRequestURLParams'),
  PrimitiveSchemaDefinition: union('StringSchema', 'NumberSchema', 'BooleanSchema', 'EnumSchema'),
  StringSchema: obj(
    { type: constant('string') },
    {
      ...described,
      minLength: int(),
      maxLength: int(),
      format: enm('email', 'uri', 'date', 'date-time'),
      default: str(),
    },
  ),
  NumberSchema: obj(
    { type: enm('number', 'integer') },
    { ...described, minimum: num(), maximum: num(), default: num() },
  ),
  BooleanSchema: obj({ type: constant('boolean') }, { ...described, default: bool() }),
  UntitledSingleSelectEnumSchema: obj({ type: constant('string'), enum: arr(str()) }, { ...described, default: str() }),
  TitledSingleSelectEnumSchema: obj(
    { type: constant('string'), oneOf: arr(obj({ const: str(), title: str() })) },
    { ...described, default: str() },
  ),
  SingleSelectEnumSchema: union('UntitledSingleSelectEnumSchema', 'TitledSingleSelectEnumSchema'),
  UntitledMultiSelectEnumSchema: obj(
    { type: constant('array'), items: obj({ type: constant('string'), enum: arr(str()) }) },
    { ...described, minItems: int(), maxItems: int(), default: arr(str()) },
  ),
  TitledMultiSelectEnumSchema: obj(
    { type: constant('array'), items: obj({ anyOf: arr(obj({ const: str(), title: str() })) }) },
    { ...described, minItems: int(), maxItems: int(), default: arr(str()) },
  ),
  MultiSelectEnumSchema: union('UntitledMultiSelectEnumSchema', 'TitledMultiSelectEnumSchema'),
  LegacyTitledEnumSchema: obj(
    { type: constant('string'), enum: arr(str()) },
    { ...described, enumNames: arr(str()), default: str() },
  ),
  EnumSchema: union('SingleSelectEnumSchema', 'MultiSelectEnumSchema', 'LegacyTitledEnumSchema'),
};
