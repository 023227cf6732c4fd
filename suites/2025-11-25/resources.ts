// 2025-11-25 resources: list, read (well-encoded contents, -32002 when not found), templates,
// and subscriptions (subscribe/unsubscribe; updates only for what the client subscribed to).
import { defineArea } from '../../harness/checks/check.js';
import { expectError, expectResult, expectThat, expectValid } from '../../harness/checks/expect.js';
import type { JsonObject } from '../../harness/model.js';
import { barrier } from '../shared/barrier.js';
import { badBase64, listBothWays } from './kit/feature-helpers.js';
import { serverMessagesSince, wireMark, type Ctx } from './kit/helpers.js';
import { uriTemplateProblem } from '../shared/uri-template.js';

const READ_LIMIT = 8;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const SETTLE_MS = 150;

function listedUris(ctx: Ctx): string[] {
  const uris = ctx.profile.resources
    .map((resource) => resource.uri)
    .filter((uri): uri is string => typeof uri === 'string');
  return uris.length > 0 ? uris.slice(0, READ_LIMIT) : ctx.skip('server lists no resources');
}

export default defineArea('2025-11-25', 'resources', [
  {
    slug: 'list-result',
    title: 'resources/list answers with a valid ListResourcesResult of absolute URIs',
    requirement:
      'The resources/list result has resources, each with uri and name; custom URI schemes MUST be in accordance with RFC 3986, so every uri is absolute with a scheme.',
    level: 'MUST',
    spec: 'server/resources#listing-resources',
    catalog: ['RES-001', 'RES-009', 'PAGE-004'],
    requires: ['resources'],
    async run(ctx) {
      for (const result of await listBothWays(ctx, 'resources/list'))
        expectValid(ctx.schema, 'ListResourcesResult', result, 'the resources/list result');
      const relative = ctx.profile.resources.filter((resource) => !SCHEME.test(String(resource.uri)));
      expectThat(
        relative.length === 0,
        `resource URI(s) without a scheme: ${relative.map((r) => JSON.stringify(r.uri)).join(', ')}`,
        { expected: 'absolute URIs (RFC 3986)', actual: relative },
      );
    },
  },
  {
    slug: 'read-result',
    title: 'Every listed resource reads back as valid, well-encoded ReadResourceResult',
    requirement:
      'resources/read returns contents, each text or a base64 blob with its uri; binary data MUST be properly encoded.',
    level: 'MUST',
    spec: 'server/resources#reading-resources',
    catalog: ['RES-002', 'RES-011'],
    requires: ['resources'],
    async run(ctx) {
      for (const uri of listedUris(ctx)) {
        const result = expectResult(
          await ctx.client.request('resources/read', { uri }),
          `a result for resources/read of ${uri}`,
        );
        expectValid(ctx.schema, 'ReadResourceResult', result, `the contents of ${uri}`);
        const bad = badBase64(result.contents);
        expectThat(bad.length === 0, `the contents of ${uri} have a blob that is not valid base64`, {
          expected: 'base64 blobs',
          actual: bad,
        });
      }
    },
  },
  {
    slug: 'not-found',
    title: 'Reading an unknown resource gets -32002',
    requirement:
      'Servers SHOULD return standard JSON-RPC errors; a resource that is not found gets -32002 (Resource not found).',
    level: 'SHOULD',
    spec: 'server/resources#error-handling',
    catalog: ['RES-003', 'RES-010'],
    requires: ['resources'],
    async run(ctx) {
      const uri = `x-mcp-conform://missing/${Date.now()}`;
      const exchange = await ctx.client.request('resources/read', { uri });
      // -32602 is what 2026-07-28 asks for; in 2025-11-25 it is a miss of this SHOULD.
      expectError(exchange, -32002, `-32002 for reading ${uri}`);
    },
  },
  {
    slug: 'read-without-uri',
    title: 'resources/read without a uri gets -32602',
    requirement:
      'A ReadResourceRequest needs params.uri; one without it fails the schema and gets -32602 Invalid params (inferred).',
    level: 'SHOULD',
    spec: 'server/resources#error-handling',
    catalog: ['RES-012'],
    requires: ['resources'],
    async run(ctx) {
      expectError(await ctx.client.request('resources/read', {}), -32602, '-32602 for resources/read without uri');
    },
  },
  {
    slug: 'templates-result',
    title: 'resources/templates/list answers with RFC 6570 URI templates',
    requirement: 'Each resource template has a name and a uriTemplate, which is an RFC 6570 URI template.',
    level: 'MUST',
    spec: 'server/resources#resource-templates',
    catalog: ['RES-005'],
    requires: ['resourceTemplates'],
    async run(ctx) {
      expectValid(
        ctx.schema,
        'ListResourceTemplatesResult',
        expectResult(await ctx.client.request('resources/templates/list', {})),
        'the templates list',
      );
      const problems = ctx.profile.resourceTemplates
        .map((t) => uriTemplateProblem(String(t.uriTemplate)))
        .filter((p): p is string => p !== undefined);
      expectThat(problems.length === 0, problems[0] ?? '', {
        expected: 'RFC 6570 templates',
        actual: ctx.profile.resourceTemplates.map((t) => t.uriTemplate),
      });
    },
  },
  {
    slug: 'subscribe',
    title: 'resources/subscribe and resources/unsubscribe answer with empty results',
    requirement:
      'With resources.subscribe declared, a client subscribes to a resource with resources/subscribe and stops with resources/unsubscribe; each returns an empty result (inferred from the schema).',
    level: 'SHOULD',
    spec: 'server/resources#subscriptions',
    catalog: ['RES-006'],
    requires: ['resourceSubscribe'],
    async run(ctx) {
      const [uri] = listedUris(ctx);
      for (const method of ['resources/subscribe', 'resources/unsubscribe']) {
        const exchange = await ctx.client.request(method, { uri });
        const result = expectResult(exchange, `a result for ${method} of ${uri}`);
        expectThat(
          Object.keys(result).filter((k) => k !== '_meta').length === 0,
          `${method} returned a non-empty result`,
          { expected: {}, actual: result },
        );
      }
    },
  },
  {
    slug: 'updates-only-subscribed',
    title: 'No resources/updated for a resource the client never subscribed to',
    requirement:
      'notifications/resources/updated tells a subscriber that a resource it subscribed to changed; a client that subscribed to nothing gets none (inferred).',
    level: 'SHOULD',
    spec: 'server/resources#subscriptions',
    catalog: ['RES-007'],
    requires: ['resources'],
    connection: 'fresh',
    async run(ctx) {
      const mark = wireMark(ctx);
      for (const uri of listedUris(ctx)) await ctx.client.request('resources/read', { uri });
      await ctx.sleep(SETTLE_MS);
      await barrier(ctx.client, 'the reads');
      const updates = serverMessagesSince(ctx, ctx.client.connection.name, mark).filter(
        (m: JsonObject) => m.method === 'notifications/resources/updated',
      );
      expectThat(
        updates.length === 0,
        `${updates.length} notifications/resources/updated arrived without any subscription`,
        { expected: 'none', actual: updates.slice(0, 3) },
      );
    },
  },
]);
