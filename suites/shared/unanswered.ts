// One reading of "a message the server must not answer" (a notification, or our answer to a
// server request), for every check that sends one. Streamable HTTP, both revisions: a server that
// accepts such a POST MUST return 202 Accepted with no body; one that cannot accept it MUST return
// an HTTP error status, whose body MAY be a JSON-RPC error response with no id. So:
//   unanswered  HTTP 202 with no body; stdio: no response before a barrier sent after it is answered
//   refused     HTTP 4xx whose body holds no response but JSON-RPC errors without an id (absent or
//               null): the refusal the text allows, never a reply
//   answered    a JSON-RPC response with an id (0 is an id) or a result, whatever the status; on a
//               status outside 4xx, any JSON-RPC response (body or SSE stream); stdio: any response
//   other       what the text allows neither way: 202 with a body, another 2xx, a 5xx...
// Silence is read only behind a barrier (suites/shared/barrier.ts); HTTP needs the POST's status.
import type { Client } from '../../harness/lifecycles/client.js';
import { isObject, isResponse, type JsonObject } from '../../harness/model.js';
import type { Exchange } from '../../harness/lifecycles/exchange.js';
import { answerOrSilence, fenceBeforeIdlessAnswer } from './barrier.js';

export type NoAnswerReading = 'unanswered' | 'refused' | 'answered' | 'other';

export interface NoAnswer {
  reading: NoAnswerReading;
  /** What came back, in words, for a check's reason. */
  said: string;
  exchange: Exchange;
}

/** What the evidence of a check shows as expected. */
export const NO_ANSWER_EXPECTED =
  'no response (HTTP: 202 with no body, or a 4xx refusal whose body is at most a JSON-RPC error without an id)';

/** A response naming an id: absent and null are no id, 0 is one. */
const hasId = (message: JsonObject) => 'id' in message && message.id !== null;

/** A response that replies to the message rather than states a refusal: it names an id or carries a result. */
const replies = (message: JsonObject) => hasId(message) || !isObject(message.error);

/** Reads the exchange of a message that must not be answered (sent behind a barrier on stdio). */
export function readNoAnswer(exchange: Exchange): NoAnswer {
  const responses = exchange.messages.filter(isResponse);
  if (exchange.response && !responses.includes(exchange.response)) responses.push(exchange.response);
  const http = exchange.http;
  if (!http)
    return {
      reading: responses.length > 0 ? 'answered' : 'unanswered',
      said: responses.length > 0 ? 'a response' : 'no response',
      exchange,
    };
  const body = http.bodyKind === 'empty' ? 'no body' : `a ${http.bodyKind} body`;
  const refusal = http.status >= 400 && http.status < 500;
  const replied = responses.filter(replies);
  if (replied.length > 0 || (!refusal && responses.length > 0)) {
    const what =
      replied.length > 0
        ? `a JSON-RPC response ${hasId(replied[0]) ? `with id ${JSON.stringify(replied[0].id)}` : 'with a result'}`
        : 'a JSON-RPC error';
    return { reading: 'answered', said: `HTTP ${http.status} with ${what}`, exchange };
  }
  if (refusal)
    return {
      reading: 'refused',
      said: `HTTP ${http.status} with ${responses.length > 0 ? 'a JSON-RPC error without an id' : body}`,
      exchange,
    };
  if (http.status === 202 && http.bodyKind === 'empty')
    return { reading: 'unanswered', said: 'HTTP 202 with no body', exchange };
  return { reading: 'other', said: `HTTP ${http.status} with ${body}`, exchange };
}

/**
 * Sends a message that must not be answered and reads what came of it. stdio: raw, so that an
 * answer without an id comes to it, after a fence (an answer owed earlier is not taken for its)
 * and before a barrier; HTTP: as the lifecycle sends it, and the POST's status is the proof.
 */
export async function sendUnanswerable(client: Client, message: JsonObject, what: string): Promise<NoAnswer> {
  // Before notifications/initialized only initialize was sent, answered with its id: nothing is
  // owed, and a server may rightly answer no ping until it comes (java-sdk does not).
  if (message.method !== 'notifications/initialized') await fenceBeforeIdlessAnswer(client, what);
  const exchange = await answerOrSilence(client, what, (signal) =>
    client.transport === 'stdio'
      ? client.sendRaw(`${JSON.stringify(message)}\n`, { expectResponse: true, signal })
      : client.sendMessage(message, { signal }),
  );
  return readNoAnswer(exchange);
}

/** Sends a notification built as the lifecycle builds them (`notify`), and reads what came of it. */
export function notifyUnanswerable(client: Client, method: string, params?: JsonObject): Promise<NoAnswer> {
  const message = client.buildMessage(method, params, { omitMeta: true }, undefined);
  delete message.id;
  return sendUnanswerable(client, message, `the notification ${method}`);
}
