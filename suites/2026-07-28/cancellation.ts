// 2026-07-28 cancellation: stdio cancels with notifications/cancelled, Streamable HTTP by
// closing the request's stream. Nothing may follow a cancelled request, bad cancellations are
// ignored, and the server sends notifications/cancelled only to end a listen stream.
import { defineArea } from '../../harness/checks/check.js';
import { expectResult, expectThat, observed } from '../../harness/checks/expect.js';
import { describeOutcome } from '../../harness/lifecycles/profile.js';
import { durationTool, progressFor } from '../../harness/lifecycles/sample-requests.js';
import { whenServing } from '../../harness/lifecycles/streams.js';
import { isObject, isResponse, type JsonObject } from '../../harness/model.js';
import { type WireEntry, wholeMessage } from '../../harness/recorder/wire-log.js';
import { idKey } from '../../harness/lifecycles/exchange.js';
import { barrier } from '../shared/barrier.js';
import { type Arrival, onlyRaced } from '../shared/cancel-race.js';
import { NO_ANSWER_EXPECTED, notifyUnanswerable } from '../shared/unanswered.js';
import { callableTools } from './kit/tool-calls.js';

const CANCELLATION = 'basic/patterns/cancellation';
/** How long the cancelled request would run, and when we cancel it. */
const HOLD_MS = 1000;
const CANCEL_AFTER_MS = 200;
const NO_REPLY_WINDOW_MS = 200;
/** Time for the server to see a closed stream before the request is sent again. */
const NOTICE_CLOSE_MS = 100;
const NO_SLOW_TOOL =
  'no tool this run may call takes a duration argument (ms, delay, seconds...), so no request can be held in flight';

const UNKNOWN_CANCELS: Array<[string, JsonObject]> = [
  ['an id never sent', { requestId: 'mcp-conform-never-sent', reason: 'mcp-conform: unknown id' }],
  ['no requestId at all', { reason: 'mcp-conform: malformed' }],
];

export default defineArea('2026-07-28', 'cancellation', [
  {
    slug: 'stdio-cancel-stops-request',
    title: 'After notifications/cancelled, nothing more comes for the request (stdio)',
    requirement:
      "On stdio the client cancels with notifications/cancelled naming the request id; the server SHOULD stop and MUST NOT send any further messages for it (no response, no progress); an error response recorded after the cancellation was sent is one of those, and so is anything once a request sent after the cancellation is answered; progress, or the tool's result, that arrives before that answer may have been on its way and is tolerated (a result alone makes the check inconclusive).",
    level: 'MUST',
    spec: 'basic/transports/stdio#cancellation',
    catalog: ['CAN-001', 'STDIO-008'],
    transports: ['stdio'],
    async run(ctx) {
      const slow = durationTool(callableTools(ctx).tools) ?? ctx.skip(NO_SLOW_TOOL);
      const id = 'mcp-conform-cancelled';
      const token = 'mcp-conform-cancelled-progress';
      // stdin is read in order: once the server answers a request sent after the cancel, it has
      // read the cancel, and anything for the cancelled request that follows is a breach.
      // An error recorded after the cancel was written (a "context canceled") was produced after
      // reading it: judged. A result before that proof may be the tool's own (cancel-race.ts).
      let barrierAt: number | undefined;
      let cancelledAt: number | undefined;
      let answeredBeforeCancel = false;
      const late: Array<Arrival & { afterCancelMs: number }> = [];
      const sentAt = performance.now();
      const pending = ctx.client.request(
        'tools/call',
        { name: slow.tool.name, arguments: slow.arguments(HOLD_MS) },
        {
          id,
          meta: { progressToken: token },
          timeoutMs: HOLD_MS + 400,
          expectSilence: true,
          onMessage: (message) => {
            const ours =
              (isResponse(message) && idKey(message.id) === idKey(id)) || progressFor([message], token).length > 0;
            if (!ours) return;
            if (cancelledAt === undefined) answeredBeforeCancel ||= isResponse(message);
            else if (barrierAt !== undefined || isResponse(message)) {
              const at = performance.now();
              late.push({ message, at, afterCancelMs: Math.round(at - cancelledAt) });
            }
          },
        },
      );
      await ctx.sleep(CANCEL_AFTER_MS);
      cancelledAt = performance.now();
      await ctx.client.notify('notifications/cancelled', { requestId: id, reason: 'mcp-conform: cancellation check' });
      await barrier(ctx.client, 'notifications/cancelled');
      barrierAt = performance.now();
      await pending;
      if (answeredBeforeCancel) ctx.skip('the tool answered before the cancellation was sent');
      if (onlyRaced(late, { sentAt, holdMs: HOLD_MS, provenReadAt: barrierAt }))
        ctx.inconclusive(
          `the tool's result came ${late[0].afterCancelMs} ms after the cancellation, before the barrier's answer proved the server had read it: it may have been written first`,
        );
      expectThat(
        late.length === 0,
        `${late.length} message(s) for the cancelled request arrived after the cancellation (first ${late[0]?.afterCancelMs} ms after it was sent)`,
        {
          expected:
            'no response once notifications/cancelled is sent, nothing at all once a request sent after it is answered',
          actual: late.map(({ message, afterCancelMs }) => ({ message, afterCancelMs })),
        },
      );
    },
  },
  {
    slug: 'http-stream-close-cancels',
    title: "Closing a request's stream cancels it, and the server keeps serving (HTTP)",
    requirement:
      'On Streamable HTTP closing the response stream MUST be treated as cancellation of that request; the request is lost, and the same request sent again with a new id is handled normally.',
    level: 'MUST',
    spec: 'basic/transports/streamable-http#cancellation',
    catalog: ['CAN-002', 'HTTP-025'],
    transports: ['http'],
    exclusive: true,
    async run(ctx) {
      const slow = durationTool(callableTools(ctx).tools) ?? ctx.skip(NO_SLOW_TOOL);
      const abort = new AbortController();
      const params = { name: slow.tool.name, arguments: slow.arguments(HOLD_MS) };
      const pending = ctx.client.request('tools/call', params, {
        meta: { progressToken: 'mcp-conform-stream-closed' },
        signal: abort.signal,
      });
      await ctx.sleep(CANCEL_AFTER_MS);
      abort.abort();
      const cut = await pending;
      if (cut.response) ctx.skip(`the tool answered within ${CANCEL_AFTER_MS} ms, before its stream could be closed`);
      await ctx.sleep(NOTICE_CLOSE_MS);
      const again = await ctx.client.request('tools/call', { name: slow.tool.name, arguments: slow.arguments(50) });
      expectThat(
        isObject(again.response?.result),
        `after the stream was closed, the same tool called again got ${describeOutcome(again)}`,
        { expected: 'a result', actual: observed(again) },
      );
    },
  },
  {
    slug: 'unknown-cancel-ignored',
    title: 'Cancellations for unknown ids and malformed ones are ignored',
    requirement:
      'Invalid cancellation notifications (unknown request ids, malformed params) SHOULD be ignored: no reply on stdio, 202 on HTTP (a 4xx refusal is tolerated, its body at most a JSON-RPC error without an id), and the server goes on serving.',
    level: 'SHOULD',
    spec: `${CANCELLATION}#error-handling`,
    catalog: ['CAN-003', 'RPC-012'],
    connection: 'fresh',
    async run(ctx) {
      expectThat(await whenServing(ctx.client), 'server/discover was not answered before any cancellation', {
        expected: 'a DiscoverResult',
        actual: 'no answer',
      });
      for (const [how, params] of UNKNOWN_CANCELS) {
        const { reading, said, exchange } = await notifyUnanswerable(ctx.client, 'notifications/cancelled', params);
        expectThat(reading === 'unanswered' || reading === 'refused', `a cancellation with ${how} got ${said}`, {
          expected: NO_ANSWER_EXPECTED,
          actual: observed(exchange),
        });
      }
      // Ignored means no harm either: the server still serves modern requests afterwards.
      expectResult(await ctx.client.request('server/discover'), 'server/discover answered after the bad cancellations');
    },
  },
  {
    slug: 'cancel-race-survived',
    title: 'A cancellation that arrives after the request finished does no harm (stdio)',
    requirement:
      'Cancellation may race with completion; both parties MUST handle the race gracefully: the server goes on serving.',
    level: 'MUST',
    spec: `${CANCELLATION}#timing-considerations`,
    catalog: ['CAN-005'],
    transports: ['stdio'],
    connection: 'fresh',
    async run(ctx) {
      await whenServing(ctx.client);
      const done = await ctx.client.request('server/discover');
      expectResult(done);
      await ctx.client.notify('notifications/cancelled', { requestId: done.id, reason: 'mcp-conform: too late' });
      await ctx.sleep(NO_REPLY_WINDOW_MS);
      // Cancelled at once: the answer may or may not come; either is fine.
      const racing = ctx.client.request(
        'server/discover',
        {},
        { id: 'mcp-conform-racing', timeoutMs: NO_REPLY_WINDOW_MS, expectSilence: true },
      );
      await ctx.client.notify('notifications/cancelled', {
        requestId: 'mcp-conform-racing',
        reason: 'mcp-conform: racing',
      });
      await racing;
      expectResult(await ctx.client.request('server/discover'), 'server/discover answered after late cancellations');
    },
  },
  {
    slug: 'server-cancels-only-listens',
    title: 'The server sends notifications/cancelled only to end a subscriptions/listen stream',
    requirement:
      'Server-sent cancellation notifications MUST reference a subscriptions/listen request (to end that stream); servers MUST NOT send notifications/cancelled for any other purpose.',
    level: 'MUST',
    spec: `${CANCELLATION}#behavior-requirements`,
    catalog: ['CAN-004'],
    phase: 'post',
    async run(ctx) {
      const misused = serverCancellations(ctx.wire.entries).filter(
        ({ listens, requestId }) => !listens.has(idKey(requestId)),
      );
      expectThat(
        misused.length === 0,
        `${misused.length} server notifications/cancelled referenced no subscriptions/listen request; first: ${JSON.stringify(misused[0]?.requestId)}`,
        {
          expected: 'notifications/cancelled only for listen request ids',
          actual: misused.slice(0, 10).map((m) => m.entry.message),
        },
      );
    },
  },
]);

/** Every server-sent notifications/cancelled, with the listen ids its connection had opened by then. */
function serverCancellations(
  entries: WireEntry[],
): Array<{ entry: WireEntry; requestId: unknown; listens: Set<string> }> {
  const listens = new Map<string, Set<string>>();
  const out: Array<{ entry: WireEntry; requestId: unknown; listens: Set<string> }> = [];
  for (const entry of entries) {
    const message = wholeMessage(entry);
    if (entry.kind !== 'message' || !isObject(message)) continue;
    const open = listens.get(entry.connection) ?? new Set<string>();
    listens.set(entry.connection, open);
    if (entry.direction === 'client->server' && message.method === 'subscriptions/listen' && 'id' in message)
      open.add(idKey(message.id));
    if (entry.direction === 'server->client' && message.method === 'notifications/cancelled') {
      out.push({ entry, requestId: isObject(message.params) ? message.params.requestId : undefined, listens: open });
    }
  }
  return out;
}
