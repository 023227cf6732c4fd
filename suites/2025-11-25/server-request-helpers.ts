// What the checks on server-to-client requests share: a session whose client declares every
// capability and answers what it is asked, and what the requests and errors around it carry.
import { isObject, type JsonObject } from '../../harness/model.js';
import type { SessionClient } from '../../harness/lifecycles/session-client.js';
import type { Exchange } from '../../harness/transports/types.js';
import { exercise, sessionDeclaring, wireMark, type Ctx } from './helpers.js';

/** Client capabilities that leave the server free to ask for anything. */
const EVERYTHING: JsonObject = { roots: { listChanged: true }, sampling: { context: {}, tools: {} }, elicitation: { form: {}, url: {} } };
/** After the exercise, how long to wait for requests and notifications still on their way. */
const SETTLE_MS = 200;
export const URL_ELICITATION_REQUIRED = -32042;

/** What a client declaring everything answers: no roots, a declined elicitation, a sampling request the user rejected. */
function answerTo(request: JsonObject): JsonObject {
  const base = { jsonrpc: '2.0', id: request.id };
  if (request.method === 'ping') return { ...base, result: {} };
  if (request.method === 'roots/list') return { ...base, result: { roots: [] } };
  if (request.method === 'elicitation/create') return { ...base, result: { action: 'decline' } };
  if (request.method === 'sampling/createMessage') return { ...base, error: { code: -1, message: 'User rejected sampling request' } };
  return { ...base, error: { code: -32601, message: `Method not found: ${String(request.method)}` } };
}

export interface TemptedSession {
  client: SessionClient;
  /** Where the wire log stood before the session opened. */
  mark: number;
  /** The server's requests, in arrival order. */
  requests: JsonObject[];
  /** With keepReplies: the exchange of each answer we sent, in the order of `requests`. */
  replies: Exchange[];
}

/** A fresh session declaring every client capability, used the way a host would; the server's requests answered. */
export async function temptedSession(ctx: Ctx, options: { keepReplies?: boolean } = {}): Promise<TemptedSession> {
  const mark = wireMark(ctx);
  const client = await sessionDeclaring(ctx, EVERYTHING);
  const requests: JsonObject[] = [];
  const replies: Array<Promise<Exchange>> = [];
  client.connection.setServerRequestHandler((request) => {
    requests.push(request);
    if (!options.keepReplies) return answerTo(request);
    replies.push(client.sendMessage(answerTo(request)));
    // Answered just above, where the exchange is kept: settling this would send the answer twice.
    return new Promise<JsonObject>(() => undefined);
  });
  await exercise(ctx, client);
  await ctx.sleep(SETTLE_MS);
  return { client, mark, requests, replies: await Promise.all(replies) };
}

/** Elicitation ids a message establishes: a URL-mode elicitation/create, or the list of a -32042 error. */
export function elicitationIdsIn(message: JsonObject): string[] {
  const params = isObject(message.params) ? message.params : {};
  if (message.method === 'elicitation/create' && params.mode === 'url') return typeof params.elicitationId === 'string' ? [params.elicitationId] : [];
  const error = isObject(message.error) ? message.error : undefined;
  if (error?.code !== URL_ELICITATION_REQUIRED || !isObject(error.data) || !Array.isArray(error.data.elicitations)) return [];
  return error.data.elicitations.filter(isObject).map((item) => item.elicitationId).filter((id): id is string => typeof id === 'string');
}

const blocksOf = (message: JsonObject): JsonObject[] => (Array.isArray(message.content) ? message.content.filter(isObject) : isObject(message.content) ? [message.content] : []);
const ofType = (blocks: JsonObject[], type: string) => blocks.filter((block) => block.type === type);

/** The messages of a sampling request, when any of them uses or answers a tool. */
export function toolConversation(request: JsonObject): JsonObject[] | undefined {
  const params = isObject(request.params) ? request.params : {};
  const messages = Array.isArray(params.messages) ? params.messages.filter(isObject) : [];
  const usesTools = messages.some((message) => blocksOf(message).some((block) => block.type === 'tool_use' || block.type === 'tool_result'));
  return request.method === 'sampling/createMessage' && usesTools ? messages : undefined;
}

/** What breaks the tool rules of sampling messages: results mixed with other content, tool uses left unanswered. */
export function toolRuleBroken(messages: JsonObject[]): string | undefined {
  for (const [index, message] of messages.entries()) {
    const blocks = blocksOf(message);
    const results = ofType(blocks, 'tool_result');
    if (results.length > 0 && (results.length !== blocks.length || message.role !== 'user')) return `message ${index} mixes tool_result blocks with other content or is not a user message`;
    const uses = ofType(blocks, 'tool_use');
    if (uses.length === 0) continue;
    const next = messages[index + 1];
    const answers = next ? blocksOf(next) : [];
    if (next?.role !== 'user' || answers.length === 0 || ofType(answers, 'tool_result').length !== answers.length) {
      return `the tool_use of message ${index} is not followed by a user message made only of tool_result blocks`;
    }
    const answered = new Set(answers.map((block) => block.toolUseId));
    const open = uses.map((block) => block.id).filter((id) => !answered.has(id));
    if (open.length > 0) return `tool use(s) ${open.map((id) => JSON.stringify(id)).join(', ')} of message ${index} have no matching tool_result in message ${index + 1}`;
  }
  return undefined;
}
