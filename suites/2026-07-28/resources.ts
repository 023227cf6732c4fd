// 2026-07-28 resources: the listings, reading what is listed, what an unknown resource gets, and
// URIs a careful server refuses (path traversal, strings that are no URI).
import { defineArea } from '../../harness/checks/check.js';
import { expectThat, expectValid, observed } from '../../harness/checks/expect.js';
import { inconclusive } from '../../harness/checks/outcome.js';
import { describeOutcome } from '../../harness/lifecycles/profile.js';
import { isObject, type JsonObject } from '../../harness/model.js';
import type { Exchange } from '../../harness/lifecycles/exchange.js';
import { resourceContentsProblems } from './kit/content.js';
import { bounded, validatedPages } from './kit/lists.js';
import { parseUriTemplate } from '../shared/uri-template.js';

const MAX_READS = 20;
const MAX_LISTED = 10;
const MISSING_MARK = 'mcp-conform-missing-7f3a9c';

/** Where the server keeps things: the schemes of what it lists. */
function schemesOf(items: JsonObject[], key: 'uri' | 'uriTemplate'): string[] {
  const schemes = items.map((item) =>
    typeof item[key] === 'string'
      ? /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(item[key] as string)?.[1]?.toLowerCase()
      : undefined,
  );
  return [...new Set(schemes.filter((scheme): scheme is string => scheme !== undefined))];
}

/** A URI in the server's own scheme that names nothing (the .invalid host never resolves). */
function missingUri(resources: JsonObject[], templates: JsonObject[]): string {
  const scheme = [...schemesOf(resources, 'uri'), ...schemesOf(templates, 'uriTemplate')][0] ?? 'file';
  return `${scheme}://${MISSING_MARK}.invalid/${MISSING_MARK}`;
}

const contentsOf = (exchange: Exchange): unknown =>
  isObject(exchange.response?.result) ? exchange.response.result.contents : undefined;
const hasContents = (exchange: Exchange) =>
  Array.isArray(contentsOf(exchange)) && (contentsOf(exchange) as unknown[]).length > 0;
const isInputRequired = (exchange: Exchange) =>
  isObject(exchange.response?.result) && exchange.response.result.resultType === 'input_required';

/** file:// URIs that climb out of any root, raw and percent-encoded. */
function traversalProbes(resources: JsonObject[]): string[] {
  const file = resources
    .map((r) => r.uri)
    .find((uri): uri is string => typeof uri === 'string' && uri.startsWith('file://'));
  const dir = file ? file.slice(0, file.lastIndexOf('/') + 1) : 'file:///';
  return [
    'file:///../../../../../../etc/passwd',
    `${dir}../../../../../../etc/passwd`,
    `${dir}%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd`,
    `${dir}..%2f..%2f..%2f..%2f..%2fetc%2fpasswd`,
    `${dir}....//....//....//etc/passwd`,
  ];
}

/** Strings that are not URIs at all. */
const NOT_URIS = ['', 'not a uri at all', '../../../../etc/passwd', `${'a'.repeat(4000)}`];

export default defineArea('2026-07-28', 'resources', [
  {
    slug: 'list-result',
    title: 'resources/list pages are ListResourcesResults',
    requirement:
      'Every resources/list page is a ListResourcesResult: resources (each with uri and name; title, description, mimeType, size, icons, annotations optional), optional nextCursor, ttlMs and cacheScope.',
    level: 'MUST',
    spec: 'server/resources#listing-resources',
    catalog: ['RES-002'],
    requires: ['resources'],
    async run(ctx) {
      await validatedPages(ctx, 'resources/list', 'resources', 'ListResourcesResult');
    },
  },
  {
    slug: 'read-listed',
    title: 'Every listed resource reads as a ReadResourceResult with properly encoded contents',
    requirement:
      'resources/read of a listed resource returns a ReadResourceResult (contents of TextResourceContents or BlobResourceContents, several allowed) or input_required; binary data MUST be properly encoded (strict base64).',
    level: 'MUST',
    spec: 'server/resources#reading-resources',
    catalog: ['RES-004', 'RES-010'],
    requires: ['resources'],
    async run(ctx) {
      const uris = bounded(
        ctx,
        ctx.profile.resources.map((r) => r.uri).filter((uri): uri is string => typeof uri === 'string'),
        MAX_READS,
        'resources',
      );
      if (uris.length === 0) ctx.skip('server lists no resources');
      const problems: string[] = [];
      let read = 0;
      for (const uri of uris) {
        const exchange = await ctx.client.request('resources/read', { uri });
        expectThat(
          exchange.response !== undefined,
          `reading the listed resource ${uri} got ${describeOutcome(exchange)}`,
          { expected: 'a ReadResourceResult', actual: observed(exchange) },
        );
        const result = exchange.response?.result;
        if (!isObject(result) || isInputRequired(exchange)) {
          ctx.note(`${uri}: ${describeOutcome(exchange)} (not judged)`);
          continue;
        }
        read++;
        const contents = Array.isArray(result.contents) ? result.contents : [];
        contents.forEach((entry, i) =>
          problems.push(...resourceContentsProblems(ctx.schema, entry, `${uri} contents[${i}]`)),
        );
        if (problems.length === 0)
          expectValid(ctx.schema, 'ReadResourceResult', result, `the result of reading ${uri}`);
      }
      if (read === 0) ctx.skip('no listed resource could be read (see notes)');
      expectThat(problems.length === 0, `${problems.length} contents problem(s); first: ${problems[0]}`, {
        expected: 'properly encoded contents',
        actual: problems.slice(0, MAX_LISTED),
      });
    },
  },
  {
    slug: 'not-found',
    title: 'Reading a resource that does not exist is -32602, not -32002 or empty contents',
    requirement:
      'If the requested resource does not exist, servers MUST return JSON-RPC error -32602 (the -32002 of earlier revisions is retired) and MUST NOT return an empty contents array.',
    level: 'MUST',
    spec: 'server/resources#error-handling',
    catalog: ['RES-005', 'RES-006'],
    requires: ['resources'],
    async run(ctx) {
      const uri = missingUri(ctx.profile.resources, ctx.profile.resourceTemplates);
      const exchange = await ctx.client.request('resources/read', { uri });
      const contents = contentsOf(exchange);
      expectThat(
        !(Array.isArray(contents) && contents.length === 0),
        `${uri} does not exist, yet the server answered with an empty contents array`,
        {
          expected: 'error -32602',
          actual: observed(exchange),
        },
      );
      const code = isObject(exchange.response?.error) ? exchange.response.error.code : undefined;
      expectThat(
        code !== -32002,
        `${uri}: error -32002 is the retired resource-not-found code; 2026-07-28 uses -32602`,
        { expected: 'error -32602', actual: observed(exchange) },
      );
      expectThat(code === -32602, `reading ${uri}, which does not exist, got ${describeOutcome(exchange)}`, {
        expected: 'error -32602',
        actual: observed(exchange),
      });
    },
  },
  {
    slug: 'templates-list',
    title: 'Resource templates are listed as ListResourceTemplatesResults with RFC 6570 templates',
    requirement:
      'Every resources/templates/list page is a ListResourceTemplatesResult; each uriTemplate is an RFC 6570 URI template.',
    level: 'MUST',
    spec: 'server/resources#resource-templates',
    catalog: ['RES-008'],
    requires: ['resourceTemplates'],
    async run(ctx) {
      const templates = await validatedPages(
        ctx,
        'resources/templates/list',
        'resourceTemplates',
        'ListResourceTemplatesResult',
      );
      const bad = templates
        .map((template) => ({
          uriTemplate: template.uriTemplate,
          parse: parseUriTemplate(String(template.uriTemplate)),
        }))
        .filter((entry) => !entry.parse.ok);
      expectThat(
        bad.length === 0,
        `${bad.length} uriTemplate(s) are not RFC 6570 templates; first: ${JSON.stringify(bad[0]?.uriTemplate)}`,
        {
          expected: 'RFC 6570 URI templates',
          actual: bad.slice(0, MAX_LISTED),
        },
      );
    },
  },
  {
    slug: 'uri-validation',
    title: 'Path traversal and non-URIs are refused by resources/read',
    requirement:
      'Servers MUST validate all resource URIs and MUST sanitize file paths against directory traversal: file:// URIs climbing out with ../ (raw or percent-encoded) never return contents, and strings that are no URI get an error.',
    level: 'MUST',
    spec: 'server/resources#security-considerations',
    catalog: ['RES-009'],
    requires: ['resources'],
    async run(ctx) {
      // A server of file:// resources may answer a probe with nothing; any other server should refuse it.
      const servesFiles = [
        ...schemesOf(ctx.profile.resources, 'uri'),
        ...schemesOf(ctx.profile.resourceTemplates, 'uriTemplate'),
      ].includes('file');
      const served: JsonObject[] = [];
      const silent: JsonObject[] = [];
      for (const uri of traversalProbes(ctx.profile.resources)) {
        const exchange = await ctx.client.request('resources/read', { uri });
        const answered = servesFiles
          ? hasContents(exchange)
          : isObject(exchange.response?.result) && !isInputRequired(exchange);
        if (answered) served.push({ uri, answer: observed(exchange) });
        if (!exchange.response) silent.push({ uri, answer: observed(exchange) });
      }
      for (const uri of NOT_URIS) {
        const exchange = await ctx.client.request('resources/read', { uri });
        if (isObject(exchange.response?.result) && !isInputRequired(exchange))
          served.push({ uri: uri.slice(0, 80), answer: observed(exchange) });
        if (!exchange.response) silent.push({ uri: uri.slice(0, 80), answer: observed(exchange) });
      }
      expectThat(
        served.length === 0,
        `${served.length} URI(s) that escape the server's files or are no URI were served; first: ${JSON.stringify(served[0]?.uri)}`,
        {
          expected: 'an error for each',
          actual: served.slice(0, MAX_LISTED),
        },
      );
      // Silence is no refusal, and no proof of serving either: the probe's fate is unknown.
      if (silent.length > 0)
        inconclusive(
          `${silent.length} URI probe(s) got no answer, so whether they were refused is unknown; first: ${JSON.stringify(silent[0]?.uri)}`,
        );
    },
  },
]);
