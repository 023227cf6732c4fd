// 2026-07-28 statelessness: every request stands alone. The same request gets the same answer
// again and on another connection (stdio: another process), nothing a connection sent before
// changes how a later request is judged, and an MRTR retry may go to another process.
import { defineArea, type CheckContext } from '../../harness/checks/check.js';
import { expectResult, expectThat } from '../../harness/checks/expect.js';
import {
  driveToCompletion,
  EVERY_INPUT_CAPABILITY,
  inputRequestsOf,
  isInputRequired,
} from '../../harness/lifecycles/input-required.js';
import { describeOutcome, listAll, offers, resultOf } from '../../harness/lifecycles/profile.js';
import type { StatelessClient } from '../../harness/lifecycles/stateless-client.js';
import type { JsonObject } from '../../harness/model.js';
import { whenServing } from '../../harness/lifecycles/streams.js';
import { inputRequiredOffer } from './mrtr.js';

const STATELESSNESS = 'basic#statelessness';

export default defineArea('2026-07-28', 'stateless', [
  {
    slug: 'same-answer-twice',
    title: 'The same request twice on one connection gets the same answer',
    requirement:
      'A server processes each request independently and infers no state from earlier ones on the same connection: server/discover answers the same, and the tool, prompt and resource sets MUST NOT vary as a side effect of other requests on the connection.',
    level: 'MUST',
    spec: STATELESSNESS,
    catalog: ['META-018', 'TOOL-003', 'RES-003', 'PRM-002'],
    async run(ctx) {
      const first = await snapshot(ctx.client, ctx);
      const second = await snapshot(ctx.client, ctx);
      expectSameSnapshots(ctx, first, second, 'the second time on the same connection');
    },
  },
  {
    slug: 'same-answer-elsewhere',
    title: 'The same requests on two independent connections get the same answers',
    requirement:
      'Servers SHOULD NOT require clients to reuse a connection or process, and lists MUST NOT vary per connection: two independent connections (HTTP: TCP connections; stdio: processes) get the same server/discover result and the same tool, prompt and resource sets.',
    level: 'MUST',
    spec: STATELESSNESS,
    catalog: ['META-018', 'TOOL-003', 'RES-003', 'PRM-002'],
    async run(ctx) {
      const here = await snapshot(ctx.client, ctx);
      const other = await ctx.fresh();
      await whenServing(other);
      const there = await snapshot(other, ctx);
      expectSameSnapshots(ctx, here, there, `on another ${ctx.transport === 'stdio' ? 'process' : 'connection'}`);
    },
  },
  {
    slug: 'earlier-requests-ignored',
    title: 'Capabilities declared on an earlier request do not carry over',
    requirement:
      'Servers MUST NOT rely on prior requests over the same connection for context such as capabilities: after a request that declared every input capability, one that declares none gets no input requests.',
    level: 'MUST',
    spec: STATELESSNESS,
    catalog: ['META-006'],
    // On HTTP one client's requests may go over different TCP connections, so connection memory cannot be provoked reliably.
    transports: ['stdio'],
    async run(ctx) {
      // Versions judged alone are meta/stateless-version's; this is about capabilities.
      const offer = await inputRequiredOffer(ctx);
      const client = ctx.client;
      expectResult(await client.withCapabilities(EVERY_INPUT_CAPABILITY).request(offer.call.method, offer.call.params));
      const bare = await client.withCapabilities({}).request(offer.call.method, offer.call.params);
      const result = resultOf(bare);
      const asked = isInputRequired(result) ? Object.keys(inputRequestsOf(result)) : [];
      expectThat(
        asked.length === 0,
        `with clientCapabilities {} after a request that declared them, the server asked for ${asked.join(', ')}`,
        {
          expected: 'no input requests for undeclared capabilities',
          actual: result,
        },
      );
    },
  },
  {
    slug: 'mrtr-retry-elsewhere',
    title: 'An MRTR retry sent to another server process completes',
    requirement:
      'Servers SHOULD NOT require that a client reuse the same connection or process for related operations: the retry of an input_required request, sent to a fresh process with the answers and the requestState, completes.',
    level: 'SHOULD',
    spec: STATELESSNESS,
    catalog: ['META-018', 'MRTR-005'],
    transports: ['stdio'],
    async run(ctx) {
      const offer = await inputRequiredOffer(ctx);
      const elsewhere = (await ctx.fresh()).withCapabilities(EVERY_INPUT_CAPABILITY);
      await whenServing(elsewhere);
      const drive = await driveToCompletion(ctx.client.withCapabilities(EVERY_INPUT_CAPABILITY), offer.call, {
        retryClient: elsewhere,
      });
      expectThat(
        drive.completed,
        `retrying ${offer.call.label} on another process ended in ${describeOutcome(drive.final)} after ${drive.rounds.length} round(s)`,
        {
          expected: 'a complete result',
          actual: drive.final.response,
        },
      );
    },
  },
]);

interface Snapshot {
  /** The result without what may differ, or why there is none. */
  discover: JsonObject | string;
  /** Per list method: the sorted names / URIs, or the reason the walk failed. */
  lists: Record<string, string[] | string>;
}

const LISTS: Array<[string, string, string, 'tools' | 'prompts' | 'resources']> = [
  ['tools/list', 'tools', 'name', 'tools'],
  ['prompts/list', 'prompts', 'name', 'prompts'],
  ['resources/list', 'resources', 'uri', 'resources'],
  ['resources/templates/list', 'resourceTemplates', 'uriTemplate', 'resources'],
];

async function snapshot(client: StatelessClient, ctx: CheckContext): Promise<Snapshot> {
  const exchange = await client.request('server/discover');
  const discover = resultOf(exchange);
  const lists: Snapshot['lists'] = {};
  for (const [method, key, itemKey, capability] of LISTS) {
    if (!offers(ctx.profile, capability)) continue;
    const walk = await listAll(client, method, key);
    lists[method] = walk.problem ?? walk.items.map((item) => String(item[itemKey])).sort();
  }
  return { discover: discover ? comparable(discover) : describeOutcome(exchange), lists };
}

/** What may differ between two answers to the same request: _meta and the time-dependent ttlMs. */
function comparable(result: JsonObject): JsonObject {
  const { _meta, ttlMs, ...rest } = result;
  void _meta;
  void ttlMs;
  return rest;
}

function expectSameSnapshots(ctx: CheckContext, first: Snapshot, second: Snapshot, where: string): void {
  for (const snap of [first, second])
    if (typeof snap.discover === 'string')
      ctx.fail(`server/discover failed: ${snap.discover}`, { expected: 'a DiscoverResult', actual: snap.discover });
  expectThat(
    JSON.stringify(first.discover) === JSON.stringify(second.discover),
    `server/discover answered differently ${where}`,
    {
      expected: first.discover,
      actual: second.discover,
    },
  );
  for (const [method, items] of Object.entries(first.lists)) {
    const again = second.lists[method];
    expectThat(JSON.stringify(items) === JSON.stringify(again), `${method} gave a different set ${where}`, {
      expected: items,
      actual: again,
    });
  }
}
