// 2025-11-25 utilities: cancellation (honoured for work in flight, ignored when invalid),
// progress notifications (our tokens only, increasing, done when the request is), and the
// ids of requests the server sends.
import { defineArea } from '../../harness/checks/check.js';
import { expectResult, expectThat, expectValid, observed } from '../../harness/checks/expect.js';
import { describeOutcome, resultOf } from '../../harness/lifecycles/profile.js';
import { durationTool } from '../../harness/lifecycles/sample-requests.js';
import { isObject, isRequest, isResponse, type JsonObject } from '../../harness/model.js';
import { idKey } from '../../harness/lifecycles/exchange.js';
import { barrier, proveRead } from '../shared/barrier.js';
import { type Arrival, onlyRaced } from '../shared/cancel-race.js';
import { toolArguments } from './kit/feature-helpers.js';
import { NO_ANSWER_EXPECTED, notifyUnanswerable } from '../shared/unanswered.js';
import { callableTools, mayCall, policyReason, serverMessagesSince, sessionEntries, wireMark } from './kit/helpers.js';

/** Long enough that a loaded server has read the cancel (sent after 150 ms) before the call ends. */
const BUSY_MS = 2500;
const QUIET_MS = 200;
const PROGRESS_LIMIT = 4;

export default defineArea('2025-11-25', 'utilities', [
  {
    slug: 'cancel-in-flight',
    title: 'A cancelled request in flight gets no response',
    requirement:
      'Receivers of a cancellation notification SHOULD stop processing the cancelled request and not send a response for it.',
    level: 'SHOULD',
    spec: 'basic/utilities/cancellation#behavior-requirements',
    catalog: ['CANC-001'],
    requires: ['tools'],
    async run(ctx) {
      const slow =
        durationTool(ctx.profile.tools) ??
        ctx.skip('server lists no tool with a duration argument (ms, delay, seconds) to keep a request in flight');
      if (!mayCall(ctx, slow.tool))
        ctx.skip(`${policyReason(ctx)}: the duration tool ${String(slow.tool.name)} may not be called`);
      const id = ctx.client.nextId();
      // A server that ignores the cancel answers after BUSY_MS, later when loaded: the window is
      // BUSY_MS plus the run's request timeout, which grows with the answer times it measured.
      const answers: Arrival[] = [];
      const call = ctx.client.request(
        'tools/call',
        { name: slow.tool.name, arguments: slow.arguments(BUSY_MS) } as JsonObject,
        {
          id,
          timeoutMs: BUSY_MS + ctx.requestTimeoutMs,
          expectSilence: true,
          onMessage: (message) => {
            if (isResponse(message) && idKey(message.id) === idKey(id))
              answers.push({ message, at: performance.now() });
          },
        },
      );
      let answeredAfterMs: number | undefined;
      void call.then((exchange) => {
        if (exchange.response) answeredAfterMs = exchange.durationMs;
      });
      const startedAt = performance.now();
      await ctx.sleep(150);
      // An answer before the cancellation was sent answers a request nobody had cancelled yet.
      if (answeredAfterMs !== undefined)
        ctx.skip(
          `${String(slow.tool.name)} answered in ${answeredAfterMs} ms, before the cancellation was sent: its duration argument did not keep the call in flight`,
        );
      // A loaded machine may send the cancellation so late that the call may have ended first.
      const cancelAfterMs = Math.round(performance.now() - startedAt);
      if (cancelAfterMs > BUSY_MS / 2)
        ctx.skip(
          `the cancellation went out ${cancelAfterMs} ms after the call (a busy machine): too late to be sure it met the call in flight`,
        );
      const cancel = await ctx.client.notify('notifications/cancelled', {
        requestId: id,
        reason: 'mcp-conform cancels this on purpose',
      });
      await proveRead(ctx.client, cancel, 'notifications/cancelled');
      const provenReadAt = performance.now();
      const exchange = await call;
      if (exchange.response && onlyRaced(answers, { sentAt: startedAt, holdMs: BUSY_MS, provenReadAt }))
        ctx.inconclusive(
          `the tool's result came before the server was proven to have read the cancellation (${ctx.transport === 'http' ? 'its POST answered' : 'a ping sent after it answered'}): it may have been written first`,
        );
      expectThat(
        exchange.response === undefined,
        `the cancelled tools/call was still answered: ${describeOutcome(exchange)}`,
        {
          expected: 'no response after notifications/cancelled',
          actual: observed(exchange),
        },
      );
    },
  },
  {
    slug: 'cancel-invalid-ignored',
    title: 'Cancelling an unknown or finished request, or with bad params, is ignored',
    requirement:
      'Invalid cancellation notifications (unknown or completed request ids, malformed params) SHOULD be ignored: no response, and the session goes on.',
    level: 'SHOULD',
    spec: 'basic/utilities/cancellation#error-handling',
    catalog: ['CANC-002', 'CANC-004'],
    connection: 'fresh',
    async run(ctx) {
      const finished = await ctx.client.request('ping');
      for (const params of [
        { requestId: 'x-mcp-conform-never-sent' },
        { requestId: finished.id },
        { reason: 'no requestId' },
      ]) {
        const { reading, said, exchange } = await notifyUnanswerable(
          ctx.client,
          'notifications/cancelled',
          params as JsonObject,
        );
        expectThat(
          reading === 'unanswered' || reading === 'refused',
          `notifications/cancelled ${JSON.stringify(params)} got ${said}`,
          { expected: NO_ANSWER_EXPECTED, actual: observed(exchange) },
        );
      }
      expectResult(await ctx.client.request('ping'), 'ping to still work after invalid cancellations');
    },
  },
  {
    slug: 'progress-notifications',
    title: 'Progress notifications carry our token, increase, and stop with the response',
    requirement:
      'Progress notifications MUST only reference tokens provided in an active request; progress MUST increase with each notification; notifications MUST stop after completion.',
    level: 'MUST',
    spec: 'basic/utilities/progress#behavior-requirements',
    catalog: ['PROG-001', 'PROG-002', 'PROG-003', 'PROG-004'],
    requires: ['tools'],
    connection: 'fresh',
    async run(ctx) {
      const tools = callableTools(ctx).slice(0, PROGRESS_LIMIT);
      if (tools.length === 0) ctx.skip(ctx.profile.tools.length === 0 ? 'server lists no tools' : policyReason(ctx));
      let seen = 0;
      for (const [index, tool] of tools.entries()) {
        const token = index % 2 === 0 ? `mcp-conform-progress-${index}` : 7000 + index;
        const mark = wireMark(ctx);
        const exchange = await ctx.client.request('tools/call', {
          name: tool.name,
          arguments: toolArguments(tool),
          _meta: { progressToken: token },
        });
        const doneAt = ctx.wire.entries.length;
        if (!resultOf(exchange) && !exchange.response) continue;
        await ctx.sleep(QUIET_MS / 4);
        await barrier(ctx.client, `the response of ${String(tool.name)}`);
        const progress = serverMessagesSince(ctx, ctx.client.connection.name, mark).filter(
          (m) => m.method === 'notifications/progress',
        );
        seen += progress.length;
        let last = -Infinity;
        for (const note of progress) {
          expectValid(ctx.schema, 'ProgressNotificationParams', note.params, 'progress params');
          const params = note.params as JsonObject;
          expectThat(
            idKey(params.progressToken) === idKey(token),
            `progress for ${String(tool.name)} carries token ${JSON.stringify(params.progressToken)}, not ours (${JSON.stringify(token)})`,
            {
              expected: token,
              actual: params,
            },
          );
          expectThat(
            Number(params.progress) > last,
            `progress for ${String(tool.name)} went from ${last} to ${String(params.progress)}`,
            {
              expected: 'strictly increasing progress',
              actual: progress.map((p) => p.params),
            },
          );
          last = Number(params.progress);
        }
        const late = serverMessagesSince(ctx, ctx.client.connection.name, doneAt).filter(
          (m) =>
            m.method === 'notifications/progress' &&
            isObject(m.params) &&
            idKey(m.params.progressToken) === idKey(token),
        );
        expectThat(late.length === 0, `progress for ${String(tool.name)} arrived after its response`, {
          expected: 'no progress after completion',
          actual: late,
        });
      }
      ctx.note(`${seen} progress notification(s) seen over ${tools.length} tool call(s)`);
    },
  },
  {
    slug: 'server-cancellations',
    title: 'The server cancels only its own requests that are still pending',
    requirement:
      'Cancellation notifications MUST only reference requests that were previously issued in the same direction and are believed to be still in progress.',
    level: 'MUST',
    spec: 'basic/utilities/cancellation#behavior-requirements',
    catalog: ['CANC-003'],
    phase: 'post',
    async run(ctx) {
      const pending = new Map<string, Set<string>>();
      const stray: JsonObject[] = [];
      for (const entry of sessionEntries(ctx)) {
        const message = isObject(entry.message) ? entry.message : undefined;
        if (!message || entry.kind !== 'message') continue;
        const open = pending.get(entry.connection) ?? new Set<string>();
        pending.set(entry.connection, open);
        if (entry.direction === 'server->client' && isRequest(message)) open.add(idKey(message.id));
        else if (entry.direction === 'client->server' && !('method' in message)) open.delete(idKey(message.id));
        else if (entry.direction === 'server->client' && message.method === 'notifications/cancelled') {
          const target = isObject(message.params) ? message.params.requestId : undefined;
          if (!open.has(idKey(target))) stray.push({ connection: entry.connection, message });
        }
      }
      expectThat(
        stray.length === 0,
        `${stray.length} notifications/cancelled from the server name no request of its own in flight`,
        {
          expected: 'cancellations of pending server requests only',
          actual: stray.slice(0, 5),
        },
      );
    },
  },
  {
    slug: 'server-request-ids',
    title: 'Requests from the server have string or integer ids, never reused in a session',
    requirement:
      'Requests MUST include a string or integer id (not null), and the requestor MUST NOT have used the same id before in the same session.',
    level: 'MUST',
    spec: 'basic#requests',
    catalog: ['RPC-007', 'PING-003'],
    phase: 'post',
    async run(ctx) {
      const byConnection = new Map<string, Set<string>>();
      const problems: JsonObject[] = [];
      for (const entry of sessionEntries(ctx)) {
        if (entry.direction !== 'server->client' || !isRequest(entry.message)) continue;
        const request = entry.message as JsonObject;
        const ids = byConnection.get(entry.connection) ?? new Set<string>();
        byConnection.set(entry.connection, ids);
        const valid =
          typeof request.id === 'string' || (typeof request.id === 'number' && Number.isInteger(request.id));
        if (!valid || ids.has(idKey(request.id))) problems.push({ connection: entry.connection, request });
        ids.add(idKey(request.id));
      }
      expectThat(problems.length === 0, `${problems.length} server request(s) with a bad or reused id`, {
        expected: 'unique string or integer ids',
        actual: problems.slice(0, 5),
      });
    },
  },
]);
