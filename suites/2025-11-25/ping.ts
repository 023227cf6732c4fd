// 2025-11-25 ping: answered with an empty result at any time, even mid-handshake or while the
// server is busy with other work.
import { defineArea } from '../../harness/checks/check.js';
import { expectResult, expectThat, observed } from '../../harness/checks/expect.js';
import { durationTool } from '../../harness/lifecycles/sample-requests.js';
import { describeOutcome } from '../../harness/lifecycles/profile.js';
import type { JsonObject } from '../../harness/model.js';
import type { Exchange } from '../../harness/lifecycles/exchange.js';
import { mayCall, policyReason, type Ctx } from './kit/helpers.js';

/** How long the duration tool is asked to work: far longer than a loaded machine delays the ping. */
const BUSY_MS = 2500;

function expectEmptyPing(ctx: Ctx, exchange: Exchange, when: string): void {
  const result = expectResult(exchange, `a result for ping ${when}`);
  const keys = Object.keys(result).filter((key) => key !== '_meta');
  expectThat(keys.length === 0, `the ping result ${when} is not empty: it has ${keys.join(', ')}`, {
    expected: {},
    actual: result,
  });
}

export default defineArea('2025-11-25', 'ping', [
  {
    slug: 'empty-result',
    title: 'ping is answered with an empty result',
    requirement: 'The receiver of a ping MUST respond promptly with an empty result.',
    level: 'MUST',
    spec: 'basic/utilities/ping#behavior-requirements',
    catalog: ['PING-001'],
    async run(ctx) {
      expectEmptyPing(ctx, await ctx.client.request('ping'), 'without params');
      expectEmptyPing(ctx, await ctx.client.request('ping', { _meta: {} }), 'with params._meta');
    },
  },
  {
    slug: 'before-initialized',
    title: 'ping between the initialize result and notifications/initialized is answered',
    requirement:
      'Either side may ping at any time, including before the initialized notification; the receiver MUST respond promptly with an empty result.',
    level: 'MUST',
    spec: 'basic/utilities/ping#behavior-requirements',
    catalog: ['PING-001', 'LIFE-002'],
    connection: 'fresh-uninitialized',
    async run(ctx) {
      expectResult(await ctx.client.initialize());
      expectEmptyPing(ctx, await ctx.client.request('ping'), 'before notifications/initialized');
    },
  },
  {
    slug: 'during-initialize',
    title: 'ping written right behind initialize is answered too',
    requirement:
      'The client may send pings before the server has answered initialize, and the receiver of a ping MUST respond promptly with an empty result.',
    level: 'MUST',
    spec: 'basic/lifecycle#initialization',
    catalog: ['LIFE-004'],
    transports: ['stdio'],
    connection: 'fresh-uninitialized',
    async run(ctx) {
      const [initialize, ping] = await Promise.all([ctx.client.initialize(), ctx.client.request('ping')]);
      expectResult(initialize);
      expectEmptyPing(ctx, ping, 'sent before the initialize result');
    },
  },
  {
    slug: 'while-busy',
    title: 'ping is answered while a slow request is in flight',
    requirement:
      'The receiver of a ping MUST respond promptly, so a ping sent while other work is in progress is answered before that work ends (inferred).',
    level: 'SHOULD',
    spec: 'basic/utilities/ping#behavior-requirements',
    catalog: ['PING-002'],
    requires: ['tools'],
    async run(ctx) {
      const slow =
        durationTool(ctx.profile.tools) ??
        ctx.skip('server lists no tool with a duration argument (ms, delay, seconds) to keep it busy');
      if (!mayCall(ctx, slow.tool))
        ctx.skip(`${policyReason(ctx)}: the duration tool ${String(slow.tool.name)} may not be called`);
      let toolDoneAt: number | undefined;
      const startedAt = performance.now();
      const busy = ctx.client
        .request('tools/call', { name: slow.tool.name, arguments: slow.arguments(BUSY_MS) } as JsonObject, {
          timeoutMs: ctx.requestTimeoutMs + BUSY_MS,
        })
        .then((exchange) => ((toolDoneAt = performance.now()), exchange));
      await ctx.sleep(100);
      if (toolDoneAt !== undefined)
        ctx.skip(`the duration tool ${String(slow.tool.name)} finished within 100 ms; nothing kept the server busy`);
      // A loaded machine may send the ping late, when the tool is about done: then the order of the
      // two answers says nothing about the server.
      const pingAfterMs = Math.round(performance.now() - startedAt);
      if (pingAfterMs > BUSY_MS / 2)
        ctx.skip(
          `the ping went out ${pingAfterMs} ms after the tool call (a busy machine): too late to meet it in flight`,
        );
      // A ping held behind the tool is the finding: wait long enough to see it answered.
      const ping = await ctx.client.request('ping', undefined, { timeoutMs: ctx.requestTimeoutMs + BUSY_MS });
      const pingDoneAt = performance.now();
      expectEmptyPing(ctx, ping, 'while a tool call is in flight');
      const tool = await busy;
      // A tool that ignored the duration asked ends about when the ping is sent: which answer comes
      // first is then the machine's timing, not the server's. Judged only when it worked long.
      const toolMs = Math.round((toolDoneAt ?? performance.now()) - startedAt);
      if (tool.response && toolMs < BUSY_MS / 2)
        ctx.skip(
          `the duration tool ${String(slow.tool.name)} finished in ${toolMs} ms of the ${BUSY_MS} asked: too short to tell a ping held behind it from one answered promptly`,
        );
      expectThat(
        toolDoneAt === undefined || pingDoneAt <= toolDoneAt,
        `ping was answered only after the slow tool call finished (${describeOutcome(tool)})`,
        {
          expected: 'the ping result before the tool result',
          actual: observed(ping),
        },
      );
    },
  },
]);
