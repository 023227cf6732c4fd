// 2025-11-25 Streamable HTTP streams: the GET stream, SSE answers to POSTs (priming event, only
// related messages, end after the response), event ids unique in the session, and resumption.
import { describeOutcome } from '../../harness/lifecycles/profile.js';
import { cheapRequest } from '../../harness/lifecycles/sample-requests.js';
import { defineArea } from '../../harness/checks/check.js';
import { expectThat, observed } from '../../harness/checks/expect.js';
import { durationTool } from '../../harness/lifecycles/sample-requests.js';
import type { SessionClient } from '../../harness/lifecycles/session-client.js';
import { isObject, isResponse, type JsonObject } from '../../harness/model.js';
import type { WireEntry } from '../../harness/recorder/wire-log.js';
import { idKey, type Exchange } from '../../harness/lifecycles/exchange.js';
import { toolArguments } from './kit/feature-helpers.js';
import { callableTools, entriesSince, mayCall, openGet, policyReason, wireMark, type Ctx } from './kit/helpers.js';

/** How long a GET stream is read before the check moves on. */
const GET_WINDOW_MS = 800;
/** Tool calls whose streams are examined besides ping and a list. */
const TOOLS_STREAMED = 4;
/** How long the call whose stream is cut is asked to work: it must outlive the cut. */
const CUT_WORK_MS = 1000;

interface Streamed {
  exchange: Exchange;
  /** SSE events of this answer, in order (JSON messages and data-less events alike). */
  events: WireEntry[];
  /** The progress token the request carried, which marks its notifications. */
  token: string;
}

let tokens = 0;

/** A request that asks for progress, which invites an SSE answer; with the events it came with. */
async function streamed(ctx: Ctx, client: SessionClient, method: string, params: JsonObject = {}): Promise<Streamed> {
  const mark = wireMark(ctx);
  const token = `mcp-conform-${++tokens}`;
  const exchange = await client.request(method, { ...params, _meta: { progressToken: token } });
  const events = entriesSince(ctx, client.connection.name, mark).filter(
    (entry) => entry.direction === 'server->client' && entry.sse !== undefined && entry.sse.retry === undefined,
  );
  return { exchange, events, token };
}

/** Answers that came as SSE streams, or a skip when the server always answered JSON. */
async function sseAnswers(ctx: Ctx, client: SessionClient, count = 2): Promise<Streamed[]> {
  const methods = ['ping', cheapRequest(ctx.profile, ctx.revision), 'ping'].slice(0, count);
  const answers: Streamed[] = [];
  for (const method of methods) answers.push(await streamed(ctx, client, method));
  return sseOnly(ctx, answers);
}

function sseOnly(ctx: Ctx, answers: Streamed[]): Streamed[] {
  const sse = answers.filter((answer) => answer.exchange.http?.bodyKind === 'sse');
  if (sse.length === 0)
    ctx.skip(
      'server answered every request with application/json, even ones asking for progress: no SSE stream to examine',
    );
  return sse;
}

/** Server messages on a request's stream that concern something else: list or resource changes, another request's progress. */
function unrelatedOn(answer: Streamed): JsonObject[] {
  return answer.exchange.messages.filter((message) => {
    const method = typeof message.method === 'string' ? message.method : '';
    const params = isObject(message.params) ? message.params : {};
    if (method.endsWith('/list_changed') || method === 'notifications/resources/updated') return true;
    return method === 'notifications/progress' && idKey(params.progressToken) !== idKey(answer.token);
  });
}

/** An abort signal that fires at the first wire entry of this client's connection that matches. */
function abortOn(
  ctx: Ctx,
  client: SessionClient,
  matches: (entry: WireEntry) => boolean,
): { signal: AbortSignal; seen: () => WireEntry | undefined; stop: () => void } {
  const abort = new AbortController();
  let seen: WireEntry | undefined;
  const stop = ctx.wire.subscribe((entry) => {
    if (seen || entry.connection !== client.connection.name || !matches(entry)) return;
    seen = entry;
    abort.abort();
  });
  return { signal: abort.signal, seen: () => seen, stop };
}

interface CutCall {
  exchange: Exchange;
  /** The id of the first SSE event, where the stream was cut. */
  eventId?: string;
}

/** A slow tools/call asking for progress (so for an SSE answer), its stream closed by us at the first event id. */
async function callCutAtFirstEventId(ctx: Ctx, params: JsonObject): Promise<CutCall> {
  const cut = abortOn(
    ctx,
    ctx.client,
    (entry) => entry.direction === 'server->client' && typeof entry.sse?.id === 'string' && entry.sse.id.length > 0,
  );
  try {
    const exchange = await ctx.client.request(
      'tools/call',
      { ...params, _meta: { progressToken: `mcp-conform-cut-${++tokens}` } },
      { signal: cut.signal, timeoutMs: CUT_WORK_MS + ctx.requestTimeoutMs },
    );
    return { exchange, eventId: cut.seen()?.sse?.id };
  } finally {
    cut.stop();
  }
}

/** Waits before each new try of a resume GET answered 409: bounded, growing. */
export const RESUME_RETRY_DELAYS_MS = [100, 300, 900];

/**
 * A resume GET, tried again while it gets 409 Conflict: the server may not yet have seen the cut
 * stream close (it still holds it as active), which says nothing about resumption being offered.
 */
export async function resumeRetryingConflict(
  ctx: Pick<Ctx, 'sleep' | 'note'>,
  resume: () => Promise<Exchange>,
): Promise<Exchange> {
  for (const delay of RESUME_RETRY_DELAYS_MS) {
    const exchange = await resume();
    if (exchange.http?.status !== 409) return exchange;
    ctx.note(
      `GET with Last-Event-ID got 409 (the cut stream may still be open on the server's side); trying again in ${delay} ms`,
    );
    await ctx.sleep(delay);
  }
  return resume();
}

/** GET with Last-Event-ID, closed by us as soon as the response to `id` arrives on it. */
async function resumeUntilAnswered(ctx: Ctx, eventId: string, id: unknown): Promise<Exchange> {
  const answered = abortOn(
    ctx,
    ctx.client,
    (entry) =>
      entry.direction === 'server->client' &&
      isResponse(entry.message) &&
      idKey((entry.message as JsonObject).id) === idKey(id),
  );
  try {
    return await resumeRetryingConflict(ctx, () =>
      openGet(ctx.client, { 'last-event-id': eventId }, CUT_WORK_MS + ctx.requestTimeoutMs, answered.signal),
    );
  } finally {
    answered.stop();
  }
}

const eventIds = (events: WireEntry[]): string[] =>
  events.map((entry) => entry.sse?.id).filter((id): id is string => typeof id === 'string' && id.length > 0);

export default defineArea('2025-11-25', 'streams', [
  {
    slug: 'get-stream',
    title: 'GET on the MCP endpoint opens an SSE stream or gets 405',
    requirement:
      'The server MUST either return Content-Type: text/event-stream in response to an HTTP GET, or else return HTTP 405 Method Not Allowed.',
    level: 'MUST',
    spec: 'basic/transports#listening-for-messages-from-the-server',
    catalog: ['HTTP-001', 'HTTP-008'],
    transports: ['http'],
    connection: 'fresh',
    async run(ctx) {
      const exchange = await openGet(ctx.client, {}, GET_WINDOW_MS);
      // No status within the window is time, not the server's answer.
      if (!exchange.http?.status)
        ctx.inconclusive(`GET got ${describeOutcome(exchange)}: no status, which proves nothing`);
      if (exchange.http?.status === 405) return ctx.note('GET answered 405: the server offers no SSE stream here');
      expectThat(
        exchange.http?.status === 200 && exchange.http.contentType === 'text/event-stream',
        `GET got HTTP ${exchange.http?.status ?? 'nothing'} ${exchange.http?.contentType ?? ''}`,
        {
          expected: 'HTTP 200 text/event-stream, or 405',
          actual: observed(exchange),
        },
      );
    },
  },
  {
    slug: 'get-stream-no-responses',
    title: 'No JSON-RPC response travels on the GET stream',
    requirement:
      'On the GET stream the server MUST NOT send a JSON-RPC response unless it is resuming a stream associated with a previous client request.',
    level: 'MUST',
    spec: 'basic/transports#listening-for-messages-from-the-server',
    catalog: ['HTTP-009', 'HTTP-010'],
    transports: ['http'],
    connection: 'fresh',
    async run(ctx) {
      const get = openGet(ctx.client, {}, GET_WINDOW_MS + 300);
      await ctx.sleep(100);
      await ctx.client.request('ping');
      await ctx.client.request(cheapRequest(ctx.profile, ctx.revision), {});
      const stream = await get;
      if (stream.http?.status !== 200)
        ctx.skip(`GET got HTTP ${stream.http?.status ?? 'nothing'}: no GET stream to watch`);
      const responses = stream.messages.filter(isResponse);
      if (responses.length > 0)
        ctx.fail(`${responses.length} JSON-RPC response(s) arrived on the GET stream`, {
          expected: 'only requests and notifications on the GET stream',
          actual: responses.slice(0, 3),
        });
    },
  },
  {
    slug: 'sse-priming-event',
    title: 'An SSE answer starts with an event that has an id and empty data',
    requirement:
      'If the server initiates an SSE stream, it SHOULD immediately send an SSE event consisting of an event ID and an empty data field, to prime the client to reconnect.',
    level: 'SHOULD',
    spec: 'basic/transports#sending-messages-to-the-server',
    catalog: ['SSE-001', 'SSE-007'],
    transports: ['http'],
    connection: 'fresh',
    async run(ctx) {
      for (const { exchange, events } of await sseAnswers(ctx, ctx.client)) {
        const first = events[0];
        const primes =
          first !== undefined &&
          first.kind === 'sse-event' &&
          (first.text ?? '') === '' &&
          typeof first.sse?.id === 'string' &&
          first.sse.id.length > 0;
        expectThat(primes, `the SSE answer to ${String(exchange.method)} does not start with an id and empty data`, {
          expected: 'first event: id, empty data',
          actual: events
            .slice(0, 3)
            .map((entry) => ({ kind: entry.kind, sse: entry.sse, text: entry.text, message: entry.message })),
        });
      }
    },
  },
  {
    slug: 'sse-stream-ends',
    title: 'An SSE answer ends once the response is sent',
    requirement: 'After the JSON-RPC response has been sent, the server SHOULD terminate the SSE stream.',
    level: 'SHOULD',
    spec: 'basic/transports#sending-messages-to-the-server',
    catalog: ['HTTP-006'],
    transports: ['http'],
    connection: 'fresh',
    async run(ctx) {
      for (const { exchange } of await sseAnswers(ctx, ctx.client)) {
        expectThat(
          exchange.http?.sse?.endedAfterResponse !== false,
          `the SSE stream answering ${String(exchange.method)} stayed open after its response`,
          {
            expected: 'the stream ends after the response',
            actual: observed(exchange),
          },
        );
      }
    },
  },
  {
    slug: 'request-stream-related',
    title: "What travels on a request's SSE stream before its response concerns that request",
    requirement:
      "The server MAY send JSON-RPC requests and notifications on a POST's SSE stream before the response; these messages SHOULD relate to the originating client request (list_changed, resources/updated or another request's progress do not).",
    level: 'SHOULD',
    spec: 'basic/transports#sending-messages-to-the-server',
    catalog: ['HTTP-007'],
    transports: ['http'],
    connection: 'fresh',
    async run(ctx) {
      const answers: Streamed[] = [];
      for (const method of ['ping', cheapRequest(ctx.profile, ctx.revision)])
        answers.push(await streamed(ctx, ctx.client, method));
      for (const tool of callableTools(ctx).slice(0, TOOLS_STREAMED))
        answers.push(
          await streamed(ctx, ctx.client, 'tools/call', { name: tool.name, arguments: toolArguments(tool) }),
        );
      for (const answer of sseOnly(ctx, answers)) {
        const unrelated = unrelatedOn(answer);
        expectThat(
          unrelated.length === 0,
          `the SSE stream answering ${String(answer.exchange.method)} carried ${unrelated.map((m) => String(m.method)).join(', ')}`,
          {
            expected: 'only messages about that request (its progress, logging, requests it needs)',
            actual: unrelated.slice(0, 5),
          },
        );
      }
    },
  },
  {
    slug: 'event-ids-unique',
    title: 'SSE event ids are unique across the streams of a session',
    requirement: 'If present, an SSE event id MUST be globally unique across all streams within that session.',
    level: 'MUST',
    spec: 'basic/transports#resumability-and-redelivery',
    catalog: ['SSE-002'],
    transports: ['http'],
    connection: 'fresh',
    async run(ctx) {
      const answers = await sseAnswers(ctx, ctx.client, 3);
      const mark = wireMark(ctx);
      await openGet(ctx.client, {}, 200);
      const get = entriesSince(ctx, ctx.client.connection.name, mark).filter(
        (entry) => entry.direction === 'server->client' && entry.sse !== undefined,
      );
      const ids = [...answers.flatMap((answer) => eventIds(answer.events)), ...eventIds(get)];
      if (ids.length === 0) ctx.skip('server puts no id on its SSE events');
      const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
      expectThat(
        repeated.length === 0,
        `SSE event id(s) used on more than one event: ${[...new Set(repeated)].join(', ')}`,
        { expected: 'every event id once per session', actual: ids },
      );
    },
  },
  {
    slug: 'disconnect-not-cancel',
    title: 'A call whose SSE stream is cut still answers on the resumed stream',
    requirement:
      'Disconnection MAY occur at any time and SHOULD NOT be interpreted as the client cancelling its request (that takes notifications/cancelled): a server that puts event ids on its stream lets the client resume with GET and Last-Event-ID, and the response arrives there.',
    level: 'SHOULD',
    spec: 'basic/transports#sending-messages-to-the-server',
    catalog: ['SSE-008'],
    transports: ['http'],
    requires: ['tools'],
    connection: 'fresh',
    async run(ctx) {
      const slow =
        durationTool(ctx.profile.tools) ??
        ctx.skip('server lists no tool with a duration argument (ms, delay, seconds) to keep a call in flight');
      if (!mayCall(ctx, slow.tool))
        ctx.skip(`${policyReason(ctx)}: the duration tool ${String(slow.tool.name)} may not be called`);
      const cut = await callCutAtFirstEventId(ctx, {
        name: slow.tool.name,
        arguments: slow.arguments(CUT_WORK_MS),
      } as JsonObject);
      const exchange = cut.exchange;
      const eventId =
        cut.eventId ??
        ctx.skip(
          `the call of ${String(slow.tool.name)} got ${exchange.response ? 'its response' : 'nothing'} without any SSE event id: the stream cannot be resumed, so a cut cannot be judged`,
        );
      if (exchange.response)
        ctx.skip(
          `the response of ${String(slow.tool.name)} came with the first event id, before the stream could be cut`,
        );
      const resumed = await resumeUntilAnswered(ctx, eventId, exchange.id);
      const resumable = resumed.http?.status === 200 && resumed.http.contentType === 'text/event-stream';
      if (!resumable)
        ctx.skip(
          `GET with Last-Event-ID got HTTP ${resumed.http?.status ?? 'nothing'} ${resumed.http?.contentType ?? ''}: the server offers no resumption, so a cut cannot be judged`,
        );
      const response = resumed.messages.find(
        (message) => isResponse(message) && idKey(message.id) === idKey(exchange.id),
      );
      expectThat(
        response !== undefined,
        `the stream of ${String(slow.tool.name)} was cut at event ${eventId}, and resuming from it brought no response: the request was lost with its stream`,
        {
          expected: `the tools/call response (id ${JSON.stringify(exchange.id)}) on the stream resumed from ${eventId}`,
          actual: { ...observed(resumed), messages: resumed.messages.slice(0, 5) },
        },
      );
    },
  },
  {
    slug: 'resume-own-stream-only',
    title: 'Resuming with Last-Event-ID replays nothing from another stream',
    requirement:
      'A client resumes a stream with GET and Last-Event-ID; the server MAY replay what followed on that stream, and MUST NOT replay messages that would have been delivered on a different stream.',
    level: 'MUST',
    spec: 'basic/transports#resumability-and-redelivery',
    catalog: ['SSE-004', 'SSE-005', 'SSE-006'],
    transports: ['http'],
    connection: 'fresh',
    async run(ctx) {
      const [first, second] = await sseAnswers(ctx, ctx.client, 2);
      if (!second) ctx.skip('only one request was answered with SSE: no second stream to keep apart');
      const resumeFrom =
        eventIds(first.events)[0] ?? ctx.skip('server puts no id on its SSE events: streams cannot be resumed');
      const mark = wireMark(ctx);
      const resumed = await resumeRetryingConflict(ctx, () =>
        openGet(ctx.client, { 'last-event-id': resumeFrom }, GET_WINDOW_MS),
      );
      if (resumed.http?.status !== 200)
        ctx.skip(`GET with Last-Event-ID got HTTP ${resumed.http?.status ?? 'nothing'}: no resumption offered`);
      // The second stream's messages: its response, and notifications carrying its progress token.
      const ofSecond = (message: JsonObject) =>
        (isResponse(message) && idKey(message.id) === idKey(second.exchange.id)) ||
        (isObject(message.params) && message.params.progressToken === second.token);
      const foreign = resumed.messages.filter(ofSecond);
      expectThat(foreign.length === 0, 'resuming the first stream replayed messages of the second', {
        expected: `only events after ${resumeFrom} of its own stream`,
        actual: foreign.slice(0, 5),
      });
      ctx.note(`resumed from ${resumeFrom}: ${resumed.messages.length} message(s) replayed`);
    },
  },
]);
