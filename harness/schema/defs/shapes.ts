// MCP-shaped helpers shared by the revision modules (not definitions themselves).
import {
  type Schema,
  allOf,
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
} from '../dsl.js';

/** `_meta` of content, resources, tools...: any object (2026 names it MetaObject; same validation). */
export const meta = (): Schema => obj();

/** A JSON-RPC request with a fixed method; `params` names a definition. */
export const request = (method: string, params: string, paramsOptional = false) =>
  paramsOptional
    ? ext(['JSONRPCRequest'], { method: constant(method) }, { params: ref(params) })
    : ext(['JSONRPCRequest'], { method: constant(method), params: ref(params) });

/** A JSON-RPC notification with a fixed method; `params` names a definition. */
export const notification = (method: string, params: string, paramsOptional = false) =>
  paramsOptional
    ? ext(['JSONRPCNotification'], { method: constant(method) }, { params: ref(params) })
    : ext(['JSONRPCNotification'], { method: constant(method), params: ref(params) });

/** An error response envelope whose `error.code` is fixed (and whose `error.data` may be required). */
export const errorEnvelope = (code: number, data?: Schema) =>
  ext(['JSONRPCErrorResponse'], {
    error: allOf(ref('Error'), obj({ code: constant(code), ...(data ? { data } : {}) })),
  });

/** `requestedSchema` and friends of a form-mode elicitation. */
export const elicitFormProps = () => ({
  required: {
    message: str(),
    requestedSchema: obj(
      { type: constant('object'), properties: record(ref('PrimitiveSchemaDefinition')) },
      { $schema: str(), required: arr(str()) },
    ),
  },
  optional: { mode: constant('form') },
});

export const elicitResultProps = () => ({
  required: { action: enm('accept', 'decline', 'cancel') },
  optional: { content: record(anyOf(arr(str()), types('string', 'integer', 'boolean'))) },
});

/** sampling/createMessage params; only the type of `metadata` differs between revisions. */
export const createMessageProps = (metadata: Schema) => ({
  required: { messages: arr(ref('SamplingMessage')), maxTokens: int() },
  optional: {
    modelPreferences: ref('ModelPreferences'),
    systemPrompt: str(),
    includeContext: enm('none', 'thisServer', 'allServers'),
    temperature: num(),
    stopSequences: arr(str()),
    metadata,
    tools: arr(ref('Tool')),
    toolChoice: ref('ToolChoice'),
  },
});

export const capabilityFlags = {
  prompts: obj({}, { listChanged: bool() }),
  resources: obj({}, { subscribe: bool(), listChanged: bool() }),
  tools: obj({}, { listChanged: bool() }),
};
