// 2025-11-25 pagination: opaque string cursors that lead to the end, and -32602 for a cursor
// the server never issued.
import { defineArea } from '../../harness/checks/check.js';
import { expectError, expectResult, expectThat } from '../../harness/checks/expect.js';
import { offers } from '../../harness/lifecycles/profile.js';
import type { Feature } from '../../harness/model.js';
import { sameJson } from '../shared/same-json.js';
import type { Ctx } from './kit/helpers.js';

const MAX_PAGES = 100;

const LISTS: Array<{ method: string; key: string; feature: Feature }> = [
  { method: 'tools/list', key: 'tools', feature: 'tools' },
  { method: 'resources/list', key: 'resources', feature: 'resources' },
  { method: 'resources/templates/list', key: 'resourceTemplates', feature: 'resourceTemplates' },
  { method: 'prompts/list', key: 'prompts', feature: 'prompts' },
];

function declaredLists(ctx: Ctx) {
  const lists = LISTS.filter((list) => offers(ctx.profile, list.feature));
  return lists.length > 0 ? lists : ctx.skip('server declares none of tools, resources, prompts');
}

export default defineArea('2025-11-25', 'pagination', [
  {
    slug: 'cursors',
    title: 'Every list can be walked to its end through string cursors, without loops',
    requirement:
      'nextCursor, when present, is an opaque string leading to the next page, and its absence marks the end; a cursor that comes back again would loop forever.',
    level: 'MUST',
    spec: 'server/utilities/pagination#response-format',
    catalog: ['PAGE-002'],
    async run(ctx) {
      for (const { method, key } of declaredLists(ctx)) {
        const seen = new Set<string>();
        let cursor: string | undefined;
        for (let page = 0; page < MAX_PAGES; page++) {
          const result = expectResult(await ctx.client.request(method, cursor === undefined ? {} : { cursor }));
          expectThat(Array.isArray(result[key]), `a ${method} page has no ${key} array`, {
            expected: `${key}: []`,
            actual: result,
          });
          const next = result.nextCursor;
          if (next === undefined) break;
          expectThat(typeof next === 'string', `${method} returned nextCursor ${JSON.stringify(next)}, not a string`, {
            expected: 'a string cursor',
            actual: result,
          });
          expectThat(
            !seen.has(next),
            `${method} returned the cursor ${JSON.stringify(next)} twice: the walk would never end`,
            { expected: 'new cursors only', actual: [...seen] },
          );
          seen.add(next);
          cursor = next;
        }
      }
    },
  },
  {
    slug: 'cursor-stable',
    title: 'The same cursor gives the same page twice',
    requirement:
      'Servers SHOULD provide stable cursors: with nothing changed in between, following one cursor again returns the same page.',
    level: 'SHOULD',
    spec: 'server/utilities/pagination#implementation-guidelines',
    catalog: ['PAGE-003'],
    async run(ctx) {
      for (const { method } of declaredLists(ctx)) {
        const cursor = expectResult(await ctx.client.request(method, {})).nextCursor;
        if (typeof cursor !== 'string') continue;
        const [first, second] = [
          expectResult(await ctx.client.request(method, { cursor })),
          expectResult(await ctx.client.request(method, { cursor })),
        ];
        expectThat(sameJson(first, second), `${method} returned two different pages for one cursor`, {
          expected: first,
          actual: second,
        });
        return;
      }
      ctx.skip('no list the server declares has a second page');
    },
  },
  {
    slug: 'invalid-cursor',
    title: 'A cursor the server never issued gets -32602',
    requirement: 'Invalid cursors SHOULD result in an error with code -32602 (Invalid params).',
    level: 'SHOULD',
    spec: 'server/utilities/pagination#error-handling',
    catalog: ['PAGE-001'],
    async run(ctx) {
      for (const { method } of declaredLists(ctx)) {
        expectError(
          await ctx.client.request(method, { cursor: `x-mcp-conform-bad-cursor-${Date.now()}` }),
          -32602,
          `-32602 for ${method} with a bogus cursor`,
        );
      }
    },
  },
]);
