// 2026-07-28 subscriptions/listen: a long-lived request acknowledged first, every message on it
// tagged with the listen id, only the requested notification types, ended by the client's
// cancel. What a server sends on its own needs a change to happen; checks watch a short window
// and skip when nothing arrives to judge. A refused listen is one verdict (kit/listen-refused.ts);
// each check runs alone and cancels what it opened, since a server may cap the listens open at once.
import { defineArea, type CheckContext, type CheckDefinition } from '../../harness/checks/check.js';
import { expectThat, expectValid, observed } from '../../harness/checks/expect.js';
import { inconclusive } from '../../harness/checks/outcome.js';
import { SUBSCRIPTION_ID_KEY } from '../../harness/lifecycles/meta.js';
import { describeOutcome, offers } from '../../harness/lifecycles/profile.js';
import type { StatelessClient } from '../../harness/lifecycles/stateless-client.js';
import {
  ACKNOWLEDGED,
  isAcknowledgmentOf,
  openListen,
  sameIdLoosely,
  subscriptionTag,
  watchConnection,
  whenServing,
  type ListenOptions,
  type ListenStream,
} from '../../harness/lifecycles/streams.js';
import { isObject, isResponse, type JsonObject } from '../../harness/model.js';
import { idKey } from '../../harness/lifecycles/exchange.js';
import { barrier } from '../shared/barrier.js';
import { where } from '../shared/wire-pairs.js';
import { judgeRefusal, listenRefusal, openListenSettled } from './kit/listen-refused.js';
import { refusedInvented } from '../shared/invented.js';
import { RESOURCE_UPDATED, resourceUpdates } from './kit/subscription-scope.js';
import { exitWindowFor } from '../shared/exit-window.js';

const SUBSCRIPTIONS = 'basic/patterns/subscriptions';
/** How long a check watches a stream for what the server sends unprompted. */
const WATCH_MS = 300;
const SETTLE_MS = 100;

export default defineArea('2026-07-28', 'subscriptions', [
  holdsListens({
    slug: 'listen-acknowledged',
    title: 'subscriptions/listen is acknowledged first, tagged with the listen id (same JSON type)',
    requirement:
      'The first message carrying the subscription id MUST be notifications/subscriptions/acknowledged, with _meta io.modelcontextprotocol/subscriptionId equal to the JSON-RPC id of the listen request (string or integer, same type) and the honoured filter in params.notifications. A refused listen is a warning: nothing obliges a server to accept one, but -32603 misnames a policy such as a limit, since it "is returned when the receiver encounters an unexpected condition that prevents it from fulfilling the request" (schema#internalerror), and new non-spec codes SHOULD sit outside -32768..-32000 (basic#error-codes).',
    level: 'MUST',
    spec: `${SUBSCRIPTIONS}#acknowledgment`,
    catalog: ['SUB-001'],
    connection: 'fresh',
    async run(ctx) {
      for (const id of ['mcp-conform-listen', 71]) {
        const listen = await openAcknowledged(ctx, fullFilter(ctx), { id }, { onRefusal: 'judge' });
        await listen.cancel();
        const first = listen.arrivals[0].message;
        expectThat(
          first.method === ACKNOWLEDGED,
          `the first message of subscription ${JSON.stringify(id)} is ${String(first.method)}`,
          { expected: ACKNOWLEDGED, actual: first },
        );
        const tag = subscriptionTag(first);
        expectThat(
          idKey(tag) === idKey(id),
          `the acknowledgment carries subscriptionId ${JSON.stringify(tag)} for listen id ${JSON.stringify(id)}`,
          { expected: id, actual: first },
        );
        expectValid(ctx.schema, 'SubscriptionsAcknowledgedNotification', first, 'the acknowledgment');
      }
    },
  }),
  holdsListens({
    slug: 'acknowledged-filter-supported',
    title: 'The acknowledged filter is a subset of the request, limited to what the capabilities support',
    requirement:
      'The acknowledgment reflects the subset of the requested filter the server will honour and omits what it does not support: list-changed types need the matching listChanged capability, resourceSubscriptions needs resources.subscribe (inferred; a warning).',
    level: 'SHOULD',
    spec: `${SUBSCRIPTIONS}#acknowledgment`,
    catalog: ['SUB-008', 'SUB-001'],
    connection: 'fresh',
    async run(ctx) {
      if (!ctx.profile.capabilities)
        ctx.skip('the server capabilities are unknown, so the filter cannot be judged against them');
      const requested = fullFilter(ctx);
      const listen = await openAcknowledged(ctx, requested);
      await listen.cancel();
      const acknowledged = ackFilter(listen);
      const problems = filterProblems(ctx, requested, acknowledged);
      expectThat(problems.length === 0, `the acknowledged filter ${problems.join('; ')}`, {
        expected: { subsetOf: requested },
        actual: acknowledged,
      });
    },
  }),
  holdsListens({
    slug: 'nothing-unrequested',
    title: 'A listen stream carries only the notification types asked for',
    requirement: 'The server MUST NOT send notification types the client has not explicitly requested in the filter.',
    level: 'MUST',
    spec: `${SUBSCRIPTIONS}#opening-a-stream`,
    catalog: ['SUB-002'],
    connection: 'fresh',
    async run(ctx) {
      const listen = await openAcknowledged(ctx, { toolsListChanged: true });
      await ctx.sleep(WATCH_MS);
      await barrier(ctx.client, 'the acknowledgment');
      await listen.cancel();
      const unrequested = notificationsOn(listen).filter(
        (m) => m.method !== ACKNOWLEDGED && m.method !== 'notifications/tools/list_changed',
      );
      expectThat(
        unrequested.length === 0,
        `asked for tools list changes only, got ${unrequested.map((m) => m.method).join(', ')}`,
        {
          expected: 'only notifications/tools/list_changed',
          actual: unrequested,
        },
      );
      ctx.note(`watched the stream for ${WATCH_MS} ms after the acknowledgment`);
    },
  }),
  holdsListens({
    slug: 'notifications-tagged',
    title: 'Every notification on a listen stream carries its subscription id',
    requirement:
      'The server MUST include io.modelcontextprotocol/subscriptionId, the listen request id, in _meta of every notification delivered on a subscriptions/listen stream.',
    level: 'MUST',
    spec: `${SUBSCRIPTIONS}#receiving-notifications`,
    catalog: ['SUB-003'],
    connection: 'fresh',
    async run(ctx) {
      const listen = await openAcknowledged(ctx, fullFilter(ctx));
      await ctx.sleep(WATCH_MS);
      await listen.cancel();
      const delivered = notificationsOn(listen).filter((m) => m.method !== ACKNOWLEDGED);
      if (delivered.length === 0)
        ctx.skip(
          `no notification besides the acknowledgment arrived within ${WATCH_MS} ms (provoking changes needs the server's cooperation)`,
        );
      const untagged = delivered.filter((m) => idKey(subscriptionTag(m)) !== idKey(listen.id));
      expectThat(
        untagged.length === 0,
        `${untagged.length} of ${delivered.length} notification(s) lack subscriptionId ${JSON.stringify(listen.id)}`,
        {
          expected: `_meta["${SUBSCRIPTION_ID_KEY}"] on each`,
          actual: untagged,
        },
      );
    },
  }),
  holdsListens({
    slug: 'listen-stream-stays-open',
    title: 'On HTTP the listen response is an SSE stream that stays open',
    requirement:
      'The response to subscriptions/listen is an SSE stream (text/event-stream) that stays open and delivers the notifications opted in to, until the client or the server closes it.',
    level: 'MUST',
    spec: 'basic/transports/streamable-http#receiving-messages',
    catalog: ['SUB-005'],
    transports: ['http'],
    connection: 'fresh',
    async run(ctx) {
      const listen = await openAcknowledged(ctx, { toolsListChanged: true });
      await ctx.sleep(WATCH_MS * 2);
      const stillOpen = listen.open;
      const exchange = await listen.cancel();
      expectThat(
        exchange.http?.contentType === 'text/event-stream',
        `the listen response has Content-Type ${JSON.stringify(exchange.http?.contentType)}`,
        {
          expected: 'text/event-stream',
          actual: observed(exchange),
        },
      );
      expectThat(
        stillOpen,
        `the listen stream ended within ${WATCH_MS * 2} ms of its acknowledgment: ${describeOutcome(exchange)}`,
        { expected: 'an open stream', actual: observed(exchange) },
      );
    },
  }),
  holdsListens({
    slug: 'cancel-ends-subscription',
    title: 'After the client cancels a subscription, nothing more comes for it and its id is free again',
    requirement:
      'A subscription ends when the client cancels it (closes the stream on HTTP, notifications/cancelled on stdio); the server then MUST NOT send anything more for it, and a new listen may reuse the id. A response to the cancelled listen request itself fails too: the cancellation page\'s "SHOULD ... not send a response" is tightened by the stdio transport, where a server "MUST NOT send any further messages for it" (basic/transports/stdio#cancellation).',
    level: 'MUST',
    levelReason:
      'tightened: the cancellation page says a server SHOULD not answer a cancelled request; the stdio transport page says it MUST NOT send any further messages for it',
    spec: `${SUBSCRIPTIONS}#cancellation`,
    catalog: ['SUB-006'],
    connection: 'fresh',
    async run(ctx) {
      const id = 'mcp-conform-cancelled-listen';
      const listen = await openAcknowledged(ctx, { toolsListChanged: true }, { id });
      await ctx.sleep(SETTLE_MS); // what the server sent before the cancel is not judged here
      const watch = watchConnection(ctx.wire, ctx.client.connection.name);
      await listen.cancel();
      await ctx.sleep(WATCH_MS);
      await barrier(ctx.client, 'the cancellation of the subscription');
      watch.stop();
      const { notifications, answers } = afterCancel(
        watch.entries.map((e) => e.message),
        id,
      );
      expectThat(
        notifications.length === 0,
        `${notifications.length} notification(s) for the subscription came after the client cancelled it`,
        {
          expected: 'nothing after the cancel',
          actual: notifications,
        },
      );
      const again = await openAcknowledged(
        ctx,
        { toolsListChanged: true },
        { id },
        { what: 'the listen request that reuses the id of a cancelled subscription', onRefusal: 'fail' },
      );
      await again.cancel();
      // Nothing ends a listen but the cancel, so a response after it answers the cancel, not a race.
      expectThat(
        answers.length === 0,
        'the server answered the subscriptions/listen request the client had cancelled (on stdio a server "MUST NOT send any further messages for it")',
        {
          expected: 'no response to the cancelled request',
          actual: answers,
        },
      );
    },
  }),
  holdsListens({
    slug: 'concurrent-subscriptions-demultiplexed',
    title: 'Concurrent subscriptions are each tagged with their own id',
    requirement:
      'A client MAY hold several subscriptions at once; each is identified by its listen request id, and every message of a subscription MUST carry that id, so the client can tell them apart.',
    level: 'MUST',
    spec: `${SUBSCRIPTIONS}#multiple-concurrent-subscriptions`,
    catalog: ['SUB-007'],
    // On HTTP each subscription has a stream of its own; on stdio they share one channel and only the tag tells them apart.
    transports: ['stdio'],
    connection: 'fresh',
    async run(ctx) {
      // Both ask for the same thing: only the tags are judged here, and a filter for something the
      // server does not offer (prompts) got one listen answered at once instead of held open.
      const filter = { toolsListChanged: true };
      const first = await openAcknowledged(ctx, filter, { id: 'mcp-conform-first' });
      const second = opened(ctx, openListen(ctx.client, filter, { id: 'mcp-conform-second' }));
      try {
        const ack = await second.waitFor(
          (m) => m.method === ACKNOWLEDGED && !sameIdLoosely(subscriptionTag(m), first.id),
          ctx.requestTimeoutMs,
        );
        const ended = second.open ? undefined : await second.ended;
        const refusal = ended ? listenRefusal(ended) : undefined;
        if (refusal)
          ctx.skip(
            `the server refused a second concurrent subscription (allowed: several are a MAY): ${refusal.reason}`,
          );
        // No acknowledgment at all (tagged or not) and no answer since it was sent: the wait ran
        // out, which decides nothing. One tagged with the first id is judged below.
        const acksSince = second.arrivals.filter((a) => a.message.method === ACKNOWLEDGED).length;
        if (ack === undefined && acksSince === 0 && !ended?.response)
          ctx.inconclusive(
            `the second subscription got no acknowledgment and no answer within ${ctx.requestTimeoutMs} ms`,
          );
        const acks = [...first.arrivals, ...second.arrivals]
          .map((a) => a.message)
          .filter((m) => m.method === ACKNOWLEDGED);
        const answered = ended?.response;
        expectThat(
          ack !== undefined && sameIdLoosely(subscriptionTag(ack), second.id),
          answered && ended
            ? `the second subscription was answered (${describeOutcome(ended)}) before any acknowledgment tagged with its id`
            : 'no acknowledgment tagged with the second subscription id',
          { expected: second.id, actual: answered ? [...acks, answered] : acks },
        );
      } finally {
        await Promise.all([first.cancel(), second.cancel()]);
      }
    },
  }),
  {
    slug: 'updates-only-subscribed',
    title: 'notifications/resources/updated comes only for resources a listen subscribed to',
    requirement:
      'notifications/resources/updated is only sent for resources the client opted in to through resourceSubscriptions of a subscriptions/listen request (the URI may be a sub-resource of one); checked over every such notification of the run against the listens open at the time.',
    level: 'MUST',
    spec: 'schema#resourceupdatednotification',
    catalog: ['RES-012'],
    phase: 'post',
    async run(ctx) {
      const updates = resourceUpdates(ctx.wire.entries);
      if (updates.length === 0)
        ctx.skip(`the server sent no ${RESOURCE_UPDATED} during the run (a change needs the server's cooperation)`);
      const stray = updates.filter((update) => update.unsubscribed);
      expectThat(
        stray.length === 0,
        `${stray.length} of ${updates.length} resource update(s) name a URI no open listen subscribed to; first: ${JSON.stringify(stray[0]?.message.params)}`,
        {
          expected: 'updates only for URIs in resourceSubscriptions of an open listen',
          actual: stray.slice(0, 10).map(({ entry, message }) => ({ ...where(entry), message })),
        },
      );
    },
  },
  holdsListens({
    slug: 'shutdown-completes-listen',
    title: 'A listen open when a stdio server shuts down ends with a completion result, or with nothing',
    requirement:
      'When the server ends a subscription on its own initiative, for example during shutdown, it SHOULD answer the subscriptions/listen request with a completion result (resultType "complete", the subscription id in _meta) before closing the stream (wording clarified after the release by spec commit 71f7c162, 2026-07-29: "a completion result", where it said "an empty result"). On stdio a closed stdin is the shutdown signal: an answer to the open listen during shutdown is judged; exiting without one is the transport closing, which carries no response.',
    level: 'SHOULD',
    spec: `${SUBSCRIPTIONS}#graceful-closure`,
    catalog: ['SUB-004'],
    transports: ['stdio'],
    connection: 'fresh',
    async run(ctx) {
      const id = 'mcp-conform-shutdown-listen';
      await openAcknowledged(ctx, { toolsListChanged: true }, { id });
      const watch = watchConnection(ctx.wire, ctx.client.connection.name);
      if (!ctx.client.endInput()) ctx.skip(ctx.client.whyNoInputEnd() ?? 'stdin could not be closed');
      const window = exitWindowFor(ctx);
      const exited = await ctx.client.exitsWithin(window);
      // After the exit, the end of stdout is the barrier: nothing more can come.
      const stdoutEnded = exited === true && (await ctx.client.stdoutHeldOpenAfterExit()) === undefined;
      watch.stop();
      const answer = watch.entries
        .map((e) => e.message)
        .find((m): m is JsonObject => isObject(m) && isResponse(m) && sameIdLoosely(m.id, id));
      if (!answer) {
        if (!stdoutEnded)
          ctx.skip(
            `the server did not shut down within ${window} ms of its stdin closing (exits-on-stdin-close judges that): no shutdown to judge`,
          );
        ctx.note(
          'the server exited without answering the open listen: the transport closing, which carries no response',
        );
        return;
      }
      const result = isObject(answer.result) ? answer.result : undefined;
      const meta = isObject(result?._meta) ? result._meta : {};
      expectThat(
        result?.resultType === 'complete' && sameIdLoosely(meta[SUBSCRIPTION_ID_KEY], id),
        `the listen open at shutdown was answered with ${describeAnswer(answer)}, not a completion result`,
        {
          expected: `a result with resultType "complete" and _meta ${JSON.stringify({ [SUBSCRIPTION_ID_KEY]: id })}`,
          actual: answer,
        },
      );
    },
  }),
  holdsListens({
    slug: 'no-state-after-restart',
    title: 'A restarted stdio server knows nothing of the subscriptions of the process before it',
    requirement:
      'On stdio the server holds no subscription state across reconnections: after the process ends with a subscription open, a new process sends nothing tagged for it and acknowledges a new listen that reuses its id.',
    level: 'MUST',
    spec: `${SUBSCRIPTIONS}#graceful-closure`,
    catalog: ['SUB-009'],
    transports: ['stdio'],
    connection: 'fresh',
    async run(ctx) {
      if (ctx.client.transport !== 'stdio') ctx.skip('not a stdio connection');
      const id = 'mcp-conform-before-restart';
      await openAcknowledged(ctx, fullFilter(ctx), { id });
      await ctx.client.close(); // the process ends with the subscription open
      const restarted = await ctx.fresh();
      await whenServing(restarted);
      await ctx.sleep(WATCH_MS);
      await barrier(restarted, 'the start of the new process');
      const stale = ctx.wire.entries.filter(
        (e) =>
          e.connection === restarted.connectionName &&
          e.direction === 'server->client' &&
          isObject(e.message) &&
          sameIdLoosely(subscriptionTag(e.message), id),
      );
      expectThat(
        stale.length === 0,
        `the new process sent ${stale.length} message(s) tagged with subscription ${JSON.stringify(id)} of the process before it`,
        {
          expected: "nothing for an earlier process's subscription",
          actual: stale.map((e) => e.message),
        },
      );
      const again = await openAcknowledged(
        ctx,
        fullFilter(ctx),
        { id },
        {
          what: 'on a new process, a listen that reuses the id of a subscription open when the old process ended',
          client: restarted,
          onRefusal: 'fail',
        },
      );
      await again.cancel();
    },
  }),
]);

function describeAnswer(answer: JsonObject): string {
  if (isObject(answer.error)) return `error ${String(answer.error.code)} ${JSON.stringify(answer.error.message)}`;
  if (!isObject(answer.result)) return 'a response with neither result nor error';
  return `a result with resultType ${JSON.stringify(answer.result.resultType)}${isObject(answer.result._meta) && SUBSCRIPTION_ID_KEY in answer.result._meta ? '' : ' and no subscription id'}`;
}

/** What came for subscription `id` after its cancel: notifications tagged with it, and responses to the listen request itself. */
export function afterCancel(
  messages: unknown[],
  id: string | number,
): { notifications: JsonObject[]; answers: JsonObject[] } {
  const ours = messages
    .filter(isObject)
    .filter((m) => sameIdLoosely(subscriptionTag(m), id) || (isResponse(m) && sameIdLoosely(m.id, id)));
  return { notifications: ours.filter((m) => !isResponse(m)), answers: ours.filter((m) => isResponse(m)) };
}

/** Connections whose server has answered once (a fresh process may take a while to start). */
const warmed = new WeakSet<object>();

/** Watched when the server lists no resource: a refusal of a listen that names it decides nothing. */
const MADE_UP_URI = 'mcp-conform://no-such-resource';

/** Every notification type, and a resource to watch: the first listed one, or a made-up URI. */
function fullFilter(ctx: CheckContext<StatelessClient>): JsonObject {
  const uri = ctx.profile.resources.find((r) => typeof r.uri === 'string')?.uri ?? MADE_UP_URI;
  return { toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true, resourceSubscriptions: [uri] };
}

/** Listens each run of a check opened, cancelled when the run ends however it ends. */
const openedBy = new WeakMap<object, ListenStream[]>();

function opened(ctx: CheckContext<StatelessClient>, listen: ListenStream): ListenStream {
  openedBy.set(ctx, [...(openedBy.get(ctx) ?? []), listen]);
  return listen;
}

/** A check that opens listens runs alone (a server's cap on open listens spans connections) and leaves none open. */
function holdsListens(check: CheckDefinition<StatelessClient>): CheckDefinition<StatelessClient> {
  return {
    ...check,
    exclusive: true,
    async run(ctx) {
      try {
        await check.run(ctx);
      } finally {
        const left = (openedBy.get(ctx) ?? []).filter((listen) => listen.open);
        await Promise.all(left.map((listen) => listen.cancel().catch(() => undefined)));
      }
    },
  };
}

interface OpenHow {
  /** What the failure calls the listen. */
  what?: string;
  client?: StatelessClient;
  /**
   * A refusal (kit/listen-refused.ts): `skip` for a check's own listen, `judge` for the
   * acknowledgment check, `fail` where accepting this listen is the requirement (an id reused).
   */
  onRefusal?: 'skip' | 'judge' | 'fail';
}

/** Opens a listen and waits for its acknowledgment; a refusal ends the check as `onRefusal` says, anything else unacknowledged fails. */
async function openAcknowledged(
  ctx: CheckContext<StatelessClient>,
  filter: JsonObject,
  options: ListenOptions = {},
  how: OpenHow = {},
): Promise<ListenStream> {
  const { what = 'subscriptions/listen', client = ctx.client, onRefusal = 'skip' } = how;
  if (!warmed.has(client.connection)) {
    warmed.add(client.connection);
    await whenServing(client);
  }
  const { listen, exchange, refusal } = await openListenSettled(ctx, client, () =>
    opened(ctx, openListen(client, filter, options)),
  );
  if (!exchange) return listen;
  const watched = filter.resourceSubscriptions;
  if (refusal && Array.isArray(watched) && watched.includes(MADE_UP_URI)) {
    ctx.skip(
      refusedInvented(
        what,
        [`resourceSubscriptions ${MADE_UP_URI}`],
        `${String(refusal.code)} ${JSON.stringify(refusal.message)}`,
      ),
    );
  }
  if (refusal && (onRefusal === 'skip' || !refusal.implemented)) ctx.skip(refusal.reason);
  if (refusal && onRefusal === 'judge') judgeRefusal(ctx, refusal, exchange);
  // No message at all within the wait is only time: a slow server is not a silent one.
  if (!exchange.response && listen.arrivals.length === 0)
    inconclusive(`${what} got no acknowledgment and no answer within ${ctx.requestTimeoutMs} ms`, {
      expected: ACKNOWLEDGED,
      actual: { outcome: observed(exchange) },
    });
  ctx.fail(`${what} was not acknowledged: ${describeOutcome(exchange)}`, {
    expected: ACKNOWLEDGED,
    actual: { arrivals: listen.arrivals.map((a) => a.message), outcome: observed(exchange) },
  });
}

/** Notifications that belong to this subscription: its stream on HTTP; on stdio its tag, or none (a fresh connection has nothing else open). */
function notificationsOn(listen: ListenStream): JsonObject[] {
  return listen.arrivals
    .map((a) => a.message)
    .filter(
      (m) => !isResponse(m) && (subscriptionTag(m) === undefined || sameIdLoosely(subscriptionTag(m), listen.id)),
    );
}

function ackFilter(listen: ListenStream): unknown {
  const ack = listen.arrivals.map((a) => a.message).find(isAcknowledgmentOf(listen));
  return isObject(ack?.params) ? ack.params.notifications : undefined;
}

function filterProblems(ctx: CheckContext, requested: JsonObject, acknowledged: unknown): string[] {
  if (!isObject(acknowledged)) return ['is not an object'];
  const problems: string[] = [];
  const needs: Record<string, () => boolean> = {
    toolsListChanged: () => offers(ctx.profile, 'toolsListChanged'),
    promptsListChanged: () => offers(ctx.profile, 'promptsListChanged'),
    resourcesListChanged: () => offers(ctx.profile, 'resourcesListChanged'),
    resourceSubscriptions: () => offers(ctx.profile, 'resourceSubscribe'),
  };
  for (const [key, value] of Object.entries(acknowledged)) {
    if (value === false || (Array.isArray(value) && value.length === 0)) continue;
    if (!(key in requested)) problems.push(`adds ${key}, which was not requested`);
    else if (needs[key] && !needs[key]()) problems.push(`keeps ${key} although the capabilities do not support it`);
  }
  const uris = acknowledged.resourceSubscriptions;
  const asked = (requested.resourceSubscriptions as unknown[]) ?? [];
  if (Array.isArray(uris) && uris.some((uri) => !asked.includes(uri)))
    problems.push('lists resource URIs that were not requested');
  return problems;
}
