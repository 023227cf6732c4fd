// What the checks on server-to-client requests share: a session whose client declares every
// capability and answers what it is asked, and what the requests and errors around it carry.
import { isObject, type JsonObject } from '../../../harness/model.js';
import { answerAsDeclared } from '../../../harness/lifecycles/client-answers.js';
import type { SessionClient } from '../../../harness/lifecycles/session-client.js';
import type { Exchange } from '../../../harness/lifecycles/exchange.js';
import { barrier } from '../../shared/barrier.js';
import { where } from '../../shared/wire-pairs.js';
import { exercise, sessionDeclaring, sessionEntries, wireMark, type Ctx } from './helpers.js';

/** Client capabilities that leave the server free to ask for anything. */
const EVERYTHING: JsonObject = {
  roots: { listChanged: true },
  sampling: { context: {}, tools: {} },
  elicitation: { form: {}, url: {} },
};
/** After the exercise, how long to wait for requests and notifications still on their way. */
const SETTLE_MS = 200;
export const URL_ELICITATION_REQUIRED = -32042;

/** What a client declaring everything answers. */
const answerTo = (request: JsonObject): JsonObject => answerAsDeclared(request, EVERYTHING);

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
  await barrier(client, 'the requests that exercise the server');
  return { client, mark, requests, replies: await Promise.all(replies) };
}

/** Elicitation ids a message establishes: a URL-mode elicitation/create, or the list of a -32042 error. */
export function elicitationIdsIn(message: JsonObject): string[] {
  const params = isObject(message.params) ? message.params : {};
  if (message.method === 'elicitation/create' && params.mode === 'url')
    return typeof params.elicitationId === 'string' ? [params.elicitationId] : [];
  const error = isObject(message.error) ? message.error : undefined;
  if (error?.code !== URL_ELICITATION_REQUIRED || !isObject(error.data) || !Array.isArray(error.data.elicitations))
    return [];
  return error.data.elicitations
    .filter(isObject)
    .map((item) => item.elicitationId)
    .filter((id): id is string => typeof id === 'string');
}

export interface ElicitationSeen {
  /** The elicitation's params: of an elicitation/create, or one entry of a -32042 error's list. */
  params: JsonObject;
  via: 'elicitation/create' | '-32042';
  at: ReturnType<typeof where>;
}

/** Every elicitation the server asked for in the run's sessions, by request or in a -32042 error. */
export function elicitationsOfRun(ctx: Ctx): ElicitationSeen[] {
  const seen: ElicitationSeen[] = [];
  for (const entry of sessionEntries(ctx)) {
    const message =
      entry.direction === 'server->client' && entry.kind === 'message' && isObject(entry.message)
        ? entry.message
        : undefined;
    if (message?.method === 'elicitation/create' && isObject(message.params))
      seen.push({ params: message.params, via: 'elicitation/create', at: where(entry) });
    const error = isObject(message?.error) ? message.error : undefined;
    const listed =
      error?.code === URL_ELICITATION_REQUIRED && isObject(error.data) && Array.isArray(error.data.elicitations)
        ? error.data.elicitations
        : [];
    for (const item of listed.filter(isObject)) seen.push({ params: item, via: '-32042', at: where(entry) });
  }
  return seen;
}
