// Sampling with tools through multi round-trip requests, from the client's side: find a request
// whose input_required asks the client's model with tools, answer that with tool_use (stopReason
// "toolUse"), and read the follow-up the server sends with the retry.
import {
  EVERY_INPUT_CAPABILITY,
  inputRequestsOf,
  isInputRequired,
} from '../../../harness/lifecycles/input-required.js';
import { resultOf } from '../../../harness/lifecycles/profile.js';
import { sampleArguments, type OfferedCall } from '../../../harness/lifecycles/sample-requests.js';
import type { StatelessClient } from '../../../harness/lifecycles/stateless-client.js';
import { isObject, type JsonObject } from '../../../harness/model.js';
import { blocksOf } from '../../shared/sampling-tools.js';

/** Offered calls probed at most, in the order the server lists them. */
const MAX_PROBES = 24;

export interface ToolSamplingOffer {
  call: OfferedCall;
  /** The input_required answer, every input capability declared. */
  result: JsonObject;
  /** Keys of its sampling input requests that offer tools. */
  keys: string[];
}

function offersTools(request: JsonObject): boolean {
  const params = isObject(request.params) ? request.params : {};
  return (
    request.method === 'sampling/createMessage' &&
    Array.isArray(params.tools) &&
    params.tools.some((tool) => isObject(tool) && typeof tool.name === 'string')
  );
}

/** The first of `calls` whose input_required asks for sampling with tools. */
export async function findToolSampling(
  client: StatelessClient,
  calls: OfferedCall[],
): Promise<ToolSamplingOffer | undefined> {
  const asking = client.withCapabilities(EVERY_INPUT_CAPABILITY);
  for (const call of calls.slice(0, MAX_PROBES)) {
    const result = resultOf(await asking.request(call.method, call.params));
    if (!isInputRequired(result)) continue;
    const keys = Object.entries(inputRequestsOf(result))
      .filter(([, request]) => offersTools(request))
      .map(([key]) => key);
    if (keys.length > 0) return { call, result, keys };
  }
  return undefined;
}

/**
 * What a model that wants tools answers: two tool_use blocks (the first two offered tools, or the
 * only one twice) with arguments from their inputSchema, stopReason "toolUse".
 */
export function toolUseAnswer(request: JsonObject, prefix: string): JsonObject {
  const params = isObject(request.params) ? request.params : {};
  const tools = (Array.isArray(params.tools) ? params.tools : []).filter(
    (tool): tool is JsonObject => isObject(tool) && typeof tool.name === 'string',
  );
  const picked = tools.length > 1 ? tools.slice(0, 2) : [tools[0], tools[0]];
  const content = picked.map((tool, index) => ({
    type: 'tool_use',
    id: `${prefix}-${index + 1}`,
    name: tool.name,
    input: sampleArguments(tool.inputSchema),
  }));
  return { role: 'assistant', content, model: 'mcp-conform', stopReason: 'toolUse' };
}

/** Ids of the tool_use blocks an answer carries. */
export function toolUseIds(answer: JsonObject): string[] {
  return blocksOf(answer)
    .filter((block) => block.type === 'tool_use' && typeof block.id === 'string')
    .map((block) => block.id as string);
}

/** The messages of a sampling request hold an assistant tool_use with this id. */
export function carriesToolUse(messages: JsonObject[], id: string): boolean {
  return messages.some(
    (message) =>
      message.role === 'assistant' && blocksOf(message).some((block) => block.type === 'tool_use' && block.id === id),
  );
}
