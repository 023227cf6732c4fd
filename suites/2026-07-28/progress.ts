// 2026-07-28 progress: notifications/progress only for a request that asked with a progress
// token, carrying that token unchanged, strictly increasing, never after the response, and
// (HTTP) only on that request's own stream. Checks use a tool found to report progress.
import { defineArea, type CheckContext } from '../../harness/checks/check.js';
import { expectAnswer, expectThat } from '../../harness/checks/expect.js';
import { LOG_LEVEL_KEY } from '../../harness/lifecycles/meta.js';
import { offers } from '../../harness/lifecycles/profile.js';
import { findProgressCall, progressFor, type OfferedCall } from '../../harness/lifecycles/sample-requests.js';
import type { StatelessClient } from '../../harness/lifecycles/stateless-client.js';
import { openListen, watchConnection, whenServing } from '../../harness/lifecycles/streams.js';
import { idKey } from '../../harness/lifecycles/exchange.js';
import { isObject, type JsonObject } from '../../harness/model.js';
import { barrier } from '../shared/barrier.js';
import { openListenSettled } from './kit/listen-refused.js';
import { callableTools } from './kit/tool-calls.js';

const PROGRESS = 'basic/patterns/progress';
/** How long to keep watching after a response for stray progress. */
const AFTER_RESPONSE_MS = 300;

export default defineArea('2026-07-28', 'progress', [
  {
    slug: 'token-echoed',
    title: 'Progress notifications repeat the request token exactly (string and integer)',
    requirement:
      'Progress notifications carry the original progress token, a string or an integer, unchanged: same value and same JSON type.',
    level: 'MUST',
    spec: `${PROGRESS}#progress-flow`,
    catalog: ['PROG-001'],
    async run(ctx) {
      const call = await progressCallOrSkip(ctx);
      let seen = 0;
      for (const token of ['mcp-conform-progress-a', 424242]) {
        const exchange = await ctx.client.request(call.method, call.params, { meta: { progressToken: token } });
        expectAnswer(exchange);
        for (const message of progressFor(exchange.notifications, token)) {
          seen++;
          const sent = (message.params as JsonObject).progressToken;
          expectThat(
            idKey(sent) === idKey(token),
            `progress for token ${JSON.stringify(token)} came with token ${JSON.stringify(sent)}`,
            { expected: token, actual: message },
          );
        }
      }
      if (seen === 0) ctx.skip(`${call.label} sent no progress this time`);
    },
  },
  {
    slug: 'no-progress-without-token',
    title: 'No progress notifications for a request without a progress token',
    requirement:
      'Progress notifications MUST only reference tokens that were provided in an active request: a request without _meta.progressToken gets none.',
    level: 'MUST',
    spec: `${PROGRESS}#behavior-requirements`,
    catalog: ['PROG-001'],
    connection: 'fresh',
    async run(ctx) {
      await whenServing(ctx.client);
      const call = await progressCallOrSkip(ctx);
      const exchange = await ctx.client.request(call.method, call.params);
      expectAnswer(exchange);
      const progress = exchange.notifications.filter((message) => message.method === 'notifications/progress');
      expectThat(
        progress.length === 0,
        `${call.label} without a progress token still got ${progress.length} progress notification(s)`,
        { expected: 'no notifications/progress', actual: progress },
      );
    },
  },
  {
    slug: 'progress-increases',
    title: 'progress strictly increases with each notification',
    requirement: 'The progress value MUST increase with each notification for a token, even when the total is unknown.',
    level: 'MUST',
    spec: `${PROGRESS}#progress-flow`,
    catalog: ['PROG-002'],
    async run(ctx) {
      const call = await progressCallOrSkip(ctx);
      const token = 'mcp-conform-progress-increasing';
      const exchange = await ctx.client.request(call.method, call.params, { meta: { progressToken: token } });
      expectAnswer(exchange);
      const values = progressFor(exchange.notifications, token).map(
        (message) => (message.params as JsonObject).progress,
      );
      if (values.length < 2)
        ctx.skip(`${call.label} sent ${values.length} progress notification(s); nothing to compare`);
      values.forEach((value, i) => {
        const before = values[i - 1];
        const increases = typeof value === 'number' && (i === 0 || (typeof before === 'number' && value > before));
        expectThat(increases, `progress went from ${JSON.stringify(before)} to ${JSON.stringify(value)}`, {
          expected: 'strictly increasing numbers',
          actual: values,
        });
      });
    },
  },
  {
    slug: 'none-after-response',
    title: 'No progress notifications after the response',
    requirement: 'Progress notifications MUST stop after completion: none for the token once the response is sent.',
    level: 'MUST',
    spec: `${PROGRESS}#implementation-notes`,
    catalog: ['PROG-003'],
    async run(ctx) {
      const call = await progressCallOrSkip(ctx);
      const token = 'mcp-conform-progress-after';
      const watch = watchConnection(ctx.wire, ctx.client.connection.name);
      const exchange = await ctx.client.request(call.method, call.params, { meta: { progressToken: token } });
      expectAnswer(exchange);
      await ctx.sleep(AFTER_RESPONSE_MS);
      await barrier(ctx.client, 'the response');
      watch.stop();
      const answered = watch.entries.findIndex(
        (entry) => isObject(entry.message) && 'id' in entry.message && idKey(entry.message.id) === idKey(exchange.id),
      );
      const late = watch.entries
        .slice(answered + 1)
        .filter((entry) => progressFor([entry.message as JsonObject], token).length > 0);
      expectThat(
        answered >= 0 && late.length === 0,
        `${late.length} progress notification(s) for the token arrived after the response`,
        {
          expected: 'no progress after the response',
          actual: late.map((e) => e.message),
        },
      );
    },
  },
  {
    slug: 'only-on-own-stream',
    title: "Progress and log notifications travel on their request's stream, never on a listen stream",
    requirement:
      'Request-scoped notifications (notifications/progress, notifications/message) are delivered only on the response stream of their request, not on a subscriptions/listen stream.',
    level: 'MUST',
    spec: 'basic/transports/streamable-http#receiving-messages',
    catalog: ['PROG-004', 'META-012'],
    transports: ['http'],
    exclusive: true,
    async run(ctx) {
      const call = await progressCallOrSkip(ctx);
      const { listen, refusal, exchange } = await openListenSettled(ctx, ctx.client, () =>
        openListen(ctx.client, { resourcesListChanged: true }),
      );
      try {
        if (exchange)
          ctx.skip(`${refusal?.reason ?? 'subscriptions/listen was not acknowledged'}; no listen stream to watch`);
        const meta: JsonObject = {
          progressToken: 'mcp-conform-progress-own-stream',
          ...(offers(ctx.profile, 'logging') ? { [LOG_LEVEL_KEY]: 'debug' } : {}),
        };
        expectAnswer(await ctx.client.request(call.method, call.params, { meta }));
        await ctx.sleep(AFTER_RESPONSE_MS);
        await barrier(ctx.client, 'the response');
        const leaked = listen.arrivals
          .map((a) => a.message)
          .filter((m) => m.method === 'notifications/progress' || m.method === 'notifications/message');
        expectThat(
          leaked.length === 0,
          `${leaked.length} request-scoped notification(s) arrived on the listen stream`,
          { expected: 'none on the listen stream', actual: leaked },
        );
      } finally {
        await listen.cancel();
      }
    },
  },
]);

async function progressCallOrSkip(ctx: CheckContext<StatelessClient>): Promise<OfferedCall> {
  const call = await findProgressCall(ctx.client, ctx.profile, callableTools(ctx).tools);
  if (!call)
    ctx.skip(
      `no tool this run may call (--tool-calls ${ctx.toolCallPolicy ?? 'safe'}) sent notifications/progress when asked with a progress token`,
    );
  return call;
}
