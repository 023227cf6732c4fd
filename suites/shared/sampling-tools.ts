// The tool rules of sampling messages, the same in both revisions: every assistant tool_use is
// answered by the next message, a user message of tool_result blocks only, one per tool use by
// toolUseId. A 2025-11-25 sampling/createMessage request and a 2026-07-28 input request share the shape.
import { isObject, type JsonObject } from '../../harness/model.js';

export const blocksOf = (message: JsonObject): JsonObject[] =>
  Array.isArray(message.content)
    ? message.content.filter(isObject)
    : isObject(message.content)
      ? [message.content]
      : [];
const ofType = (blocks: JsonObject[], type: string) => blocks.filter((block) => block.type === type);

/** The messages of a sampling request, when any of them uses or answers a tool. */
export function toolConversation(request: JsonObject): JsonObject[] | undefined {
  const params = isObject(request.params) ? request.params : {};
  const messages = Array.isArray(params.messages) ? params.messages.filter(isObject) : [];
  const usesTools = messages.some((message) =>
    blocksOf(message).some((block) => block.type === 'tool_use' || block.type === 'tool_result'),
  );
  return request.method === 'sampling/createMessage' && usesTools ? messages : undefined;
}

/** What breaks the tool rules of sampling messages: results mixed with other content, tool uses left unanswered. */
export function toolRuleBroken(messages: JsonObject[]): string | undefined {
  for (const [index, message] of messages.entries()) {
    const blocks = blocksOf(message);
    const results = ofType(blocks, 'tool_result');
    if (results.length > 0 && (results.length !== blocks.length || message.role !== 'user'))
      return `message ${index} mixes tool_result blocks with other content or is not a user message`;
    const uses = ofType(blocks, 'tool_use');
    if (uses.length === 0) continue;
    const next = messages[index + 1];
    const answers = next ? blocksOf(next) : [];
    if (next?.role !== 'user' || answers.length === 0 || ofType(answers, 'tool_result').length !== answers.length) {
      return `the tool_use of message ${index} is not followed by a user message made only of tool_result blocks`;
    }
    const answered = new Set(answers.map((block) => block.toolUseId));
    const open = uses.map((block) => block.id).filter((id) => !answered.has(id));
    if (open.length > 0)
      return `tool use(s) ${open.map((id) => JSON.stringify(id)).join(', ')} of message ${index} have no matching tool_result in message ${index + 1}`;
  }
  return undefined;
}
