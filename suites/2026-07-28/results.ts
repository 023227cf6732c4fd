// 2026-07-28 results: resultType on every result, caching hints on cacheable results, and
// paginated lists (cursors, pages, order).
import { defineArea, type CheckContext } from '../../harness/checks/check.js';
import { expectError } from '../../harness/checks/expect.js';
import { CLIENT_CAPABILITIES_KEY } from '../../harness/lifecycles/meta.js';
import { listAll, resultOf, type ListWalk } from '../../harness/lifecycles/profile.js';
import type { StatelessClient } from '../../harness/lifecycles/stateless-client.js';
import { isObject, type JsonObject } from '../../harness/model.js';
import { modernResults, requestMetaOf, where, type AnsweredRequest } from '../shared/wire-pairs.js';
import { offeredLists, type OfferedList } from './kit/helpers.js';

const CORE_RESULT_TYPES = ['complete', 'input_required'];
const CACHEABLE = [
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
];
const CACHE_SCOPES = ['public', 'private'];
const INVALID_CURSOR = 'mcp-conform/not-a-cursor-you-issued';
const ORDER_WALKS = 4;
const MAX_LISTED = 10;

function declaresExtensions(request: JsonObject): boolean {
  const caps = requestMetaOf(request)[CLIENT_CAPABILITIES_KEY];
  return isObject(caps) && isObject(caps.extensions) && Object.keys(caps.extensions).length > 0;
}

function evidence(pair: AnsweredRequest & { result: JsonObject }): JsonObject {
  return { ...where(pair.responseEntry), method: pair.request.method, result: pair.result };
}

async function walkEach(ctx: CheckContext<StatelessClient>): Promise<Array<{ list: OfferedList; walk: ListWalk }>> {
  const lists = offeredLists(ctx.profile);
  if (lists.length === 0) ctx.skip('server offers none of tools, resources, prompts');
  const walks = [];
  for (const list of lists) walks.push({ list, walk: await listAll(ctx.client, list.method, list.key) });
  return walks;
}

const keysOf = (items: JsonObject[], itemKey: string) => items.map((item) => JSON.stringify(item[itemKey] ?? item));

export default defineArea('2026-07-28', 'results', [
  {
    slug: 'result-type',
    title: 'Every result of the run carries resultType, a core value unless an extension was declared',
    requirement:
      'The result MUST include a resultType field; the values a server may use are "complete" and "input_required" plus those of extensions advertised in capabilities, so a client that declared no extensions only sees the core two. The tasks extension says the same of its "task" (SEP-2663, https://modelcontextprotocol.io/seps/2663-tasks-extension: a server "MUST NOT return CreateTaskResult to a client that did not include the extension capability on its request"; where it cannot serve without one it MUST answer -32021 naming the extension in data.requiredCapabilities, an error no check here holds against it).',
    level: 'MUST',
    spec: 'basic#resulttype',
    catalog: ['RPC-005', 'META-017'],
    phase: 'post',
    async run(ctx) {
      const bad = modernResults(ctx.wire.entries).filter(
        ({ request, result }) =>
          typeof result.resultType !== 'string' ||
          (!CORE_RESULT_TYPES.includes(result.resultType) && !declaresExtensions(request)),
      );
      if (bad.length === 0) return;
      const first = bad[0];
      ctx.fail(
        `${bad.length} result(s) have a missing or non-core resultType; first, for ${String(first.request.method)}: ${JSON.stringify(first.result.resultType)}`,
        {
          expected: `resultType ${CORE_RESULT_TYPES.join(' or ')}`,
          actual: bad.slice(0, MAX_LISTED).map(evidence),
        },
      );
    },
  },
  {
    slug: 'cache-hints',
    title: 'Complete results of the six cacheable methods carry ttlMs and cacheScope',
    requirement: `Servers MUST include caching hints on results with resultType "complete" of ${CACHEABLE.join(', ')}: ttlMs an integer >= 0, cacheScope "public" or "private".`,
    level: 'MUST',
    spec: 'server/utilities/caching#cacheable-results',
    catalog: ['CACHE-001', 'VER-005'],
    phase: 'post',
    async run(ctx) {
      const cacheable = modernResults(ctx.wire.entries).filter(
        ({ request, result }) =>
          CACHEABLE.includes(String(request.method)) && (result.resultType ?? 'complete') === 'complete',
      );
      if (cacheable.length === 0) ctx.skip('no complete result of a cacheable method was seen');
      const bad = cacheable.filter(
        ({ result }) =>
          !(
            Number.isInteger(result.ttlMs) &&
            (result.ttlMs as number) >= 0 &&
            CACHE_SCOPES.includes(result.cacheScope as string)
          ),
      );
      if (bad.length === 0) return;
      ctx.fail(
        `${bad.length} of ${cacheable.length} cacheable result(s) lack valid ttlMs/cacheScope; first, for ${String(bad[0].request.method)}`,
        {
          expected: 'ttlMs: integer >= 0, cacheScope: "public" | "private"',
          actual: bad.slice(0, MAX_LISTED).map((pair) => ({
            ...where(pair.responseEntry),
            method: pair.request.method,
            ttlMs: pair.result.ttlMs,
            cacheScope: pair.result.cacheScope,
          })),
        },
      );
    },
  },
  {
    slug: 'input-required-uncached',
    title: 'input_required results carry no caching hints',
    requirement:
      'Interim results with resultType "input_required" are not cacheable and carry no caching hints (no ttlMs, no cacheScope); the sentence has no RFC 2119 keyword, so a miss warns.',
    level: 'SHOULD',
    spec: 'server/utilities/caching#cacheable-results',
    catalog: ['CACHE-002'],
    phase: 'post',
    async run(ctx) {
      const interim = modernResults(ctx.wire.entries).filter(({ result }) => result.resultType === 'input_required');
      if (interim.length === 0) ctx.skip('no input_required result was seen during the run');
      const hinted = interim.filter(({ result }) => 'ttlMs' in result || 'cacheScope' in result);
      if (hinted.length === 0) return;
      ctx.fail(`${hinted.length} input_required result(s) carry ttlMs or cacheScope`, {
        expected: 'no ttlMs, no cacheScope',
        actual: hinted.slice(0, MAX_LISTED).map(evidence),
      });
    },
  },
  {
    slug: 'pagination-terminates',
    title: 'Every offered list can be walked to its end by following nextCursor',
    requirement:
      'cursor and nextCursor are opaque strings and a missing nextCursor ends the list: following nextCursor from the first page reaches a page without one, never a cursor already followed.',
    level: 'MUST',
    spec: 'server/utilities/pagination#response-format',
    catalog: ['PAG-001'],
    async run(ctx) {
      const walks = (await walkEach(ctx)).filter(({ walk }) => walk.pages.length > 0); // a failing first page is not a pagination matter
      if (walks.length === 0) ctx.skip('no offered list answered its first page');
      for (const { list, walk } of walks) {
        if (walk.problem)
          ctx.fail(walk.problem, {
            expected: `${list.method} pages ending without nextCursor`,
            actual: walk.pages.map((page) => ({
              nextCursor: page.nextCursor,
              items: keysOf(arrayAt(page, list.key), list.itemKey),
            })),
          });
        const last = walk.pages[walk.pages.length - 1];
        if ('nextCursor' in last)
          ctx.fail(`${list.method} ended on a nextCursor that is not a string: ${JSON.stringify(last.nextCursor)}`, {
            expected: 'nextCursor absent or a string',
            actual: last,
          });
      }
    },
  },
  {
    slug: 'cache-scope-per-list',
    title: 'All pages of one list share one cacheScope',
    requirement:
      'Servers MUST apply the same cacheScope to all response pages for a given list request (ttlMs may differ from page to page).',
    level: 'MUST',
    spec: 'server/utilities/caching#interaction-with-pagination',
    catalog: ['CACHE-003', 'CACHE-005'],
    async run(ctx) {
      const paged = (await walkEach(ctx)).filter(({ walk }) => walk.pages.length > 1);
      if (paged.length === 0) ctx.skip('no list the server offers has a second page');
      for (const { list, walk } of paged) {
        const scopes = [...new Set(walk.pages.map((page) => page.cacheScope))];
        if (scopes.length > 1)
          ctx.fail(
            `${list.method} pages use different cacheScope values: ${scopes.map((s) => JSON.stringify(s)).join(', ')}`,
            {
              expected: 'one cacheScope',
              actual: walk.pages.map((page) => page.cacheScope),
            },
          );
      }
    },
  },
  {
    slug: 'invalid-cursor',
    title: 'A cursor the server never issued gets -32602',
    requirement:
      'Servers SHOULD handle invalid cursors gracefully: an invalid cursor SHOULD result in error -32602 (Invalid params).',
    level: 'SHOULD',
    spec: 'server/utilities/pagination#error-handling',
    catalog: ['PAG-002'],
    async run(ctx) {
      const lists = offeredLists(ctx.profile);
      if (lists.length === 0) ctx.skip('server offers none of tools, resources, prompts');
      for (const list of lists)
        expectError(
          await ctx.client.request(list.method, { cursor: INVALID_CURSOR }),
          -32602,
          `-32602 for ${list.method} with an invalid cursor`,
        );
    },
  },
  {
    slug: 'cursor-replay',
    title: 'Replaying a cursor gives the same page',
    requirement:
      'Servers SHOULD provide stable cursors: while the list is unchanged, the same cursor returns the same items.',
    level: 'SHOULD',
    spec: 'server/utilities/pagination#implementation-guidelines',
    catalog: ['PAG-003'],
    async run(ctx) {
      let replayed = 0;
      for (const list of offeredLists(ctx.profile)) {
        const cursor = resultOf(await ctx.client.request(list.method, {}))?.nextCursor;
        if (typeof cursor !== 'string') continue;
        const [first, second] = [await pageKeys(ctx, list, cursor), await pageKeys(ctx, list, cursor)];
        replayed++;
        if (JSON.stringify(first) !== JSON.stringify(second))
          ctx.fail(`${list.method} answered the same cursor with different items`, { expected: first, actual: second });
      }
      if (replayed === 0) ctx.skip('no list the server offers has a second page');
    },
  },
  {
    slug: 'no-duplicates',
    title: 'A list walked page by page names each item once',
    requirement:
      'While a list is unchanged, walking its pages from the start yields each tool, prompt, resource or template once (inferred from pagination and caching: pages are a partition of the list).',
    level: 'SHOULD',
    spec: 'server/utilities/caching#interaction-with-pagination',
    catalog: ['PAG-004'],
    async run(ctx) {
      for (const { list, walk } of await walkEach(ctx)) {
        const keys = keysOf(walk.items, list.itemKey);
        const twice = [...new Set(keys.filter((key, index) => keys.indexOf(key) !== index))];
        if (twice.length > 0)
          ctx.fail(`${list.method} lists ${twice.length} item(s) more than once: ${twice.slice(0, 5).join(', ')}`, {
            expected: 'each item once',
            actual: keys,
          });
      }
    },
  },
  {
    slug: 'tools-order',
    title: 'tools/list returns tools in the same order every time',
    requirement:
      'Servers SHOULD return tools in a deterministic order: the same ordering across requests while the set of tools has not changed.',
    level: 'SHOULD',
    spec: 'server/tools#capabilities',
    catalog: ['TOOL-004'],
    requires: ['tools'],
    async run(ctx) {
      const orders: string[][] = [];
      for (let walk = 0; walk < ORDER_WALKS; walk++) {
        const result = await listAll(ctx.client, 'tools/list', 'tools');
        if (result.problem) ctx.skip(`tools/list could not be walked: ${result.problem}`);
        orders.push(keysOf(result.items, 'name'));
      }
      if (orders[0].length < 2) ctx.skip('server lists fewer than two tools');
      const differing = orders.findIndex((order) => JSON.stringify(order) !== JSON.stringify(orders[0]));
      if (differing > 0)
        ctx.fail(`walk ${differing + 1} of tools/list returned another order than walk 1`, {
          expected: orders[0],
          actual: orders[differing],
        });
    },
  },
]);

function arrayAt(page: JsonObject, key: string): JsonObject[] {
  const items = page[key];
  return Array.isArray(items) ? items.filter(isObject) : [];
}

async function pageKeys(ctx: CheckContext<StatelessClient>, list: OfferedList, cursor: string): Promise<string[]> {
  const page = resultOf(await ctx.client.request(list.method, { cursor }));
  if (!page)
    ctx.fail(`${list.method} rejected a cursor it had just issued`, {
      expected: 'the page for that cursor',
      actual: cursor,
    });
  return keysOf(arrayAt(page, list.key), list.itemKey).sort();
}
