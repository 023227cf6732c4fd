// 2026-07-28 discovery and versioning: server/discover's capabilities say what the server
// serves, removed methods are gone, and a modern-only server tells legacy clients what it speaks.
import { defineArea, type CheckContext } from '../../harness/checks/check.js';
import { errorOf, expectError, expectHttpStatus, observed } from '../../harness/checks/expect.js';
import { describeOutcome, resultOf } from '../../harness/lifecycles/profile.js';
import type { StatelessClient } from '../../harness/lifecycles/stateless-client.js';
import { isObject, type JsonObject } from '../../harness/model.js';
import type { Exchange } from '../../harness/lifecycles/exchange.js';
import { listedLegacyVersions } from './kit/era.js';
import { proveRead } from '../shared/barrier.js';

type Gated = 'tools' | 'resources' | 'prompts' | 'completions';
const GATED: Gated[] = ['tools', 'resources', 'prompts', 'completions'];

/** One request that only a server offering the feature can answer with a result. */
async function probe(ctx: CheckContext<StatelessClient>, feature: Gated): Promise<Exchange> {
  if (feature !== 'completions') return ctx.client.request(`${feature}/list`, {});
  return ctx.client.request('completion/complete', completionParams(ctx));
}

/** A completion request for a real prompt argument or template variable when there is one. */
function completionParams(ctx: CheckContext<StatelessClient>): JsonObject {
  const prompt = ctx.profile.prompts.find(
    (p) => Array.isArray(p.arguments) && p.arguments.some((a) => isObject(a) && typeof a.name === 'string'),
  );
  if (prompt) {
    const argument = (prompt.arguments as JsonObject[]).find((a) => isObject(a) && typeof a.name === 'string')!;
    return { ref: { type: 'ref/prompt', name: prompt.name }, argument: { name: argument.name, value: '' } };
  }
  const template = ctx.profile.resourceTemplates.find(
    (t) => typeof t.uriTemplate === 'string' && /\{[^}]+\}/.test(t.uriTemplate),
  );
  const variable = template ? /\{[+#./;?&]?([A-Za-z0-9_]+)/.exec(template.uriTemplate as string)?.[1] : undefined;
  if (template && variable)
    return { ref: { type: 'ref/resource', uri: template.uriTemplate }, argument: { name: variable, value: '' } };
  return { ref: { type: 'ref/prompt', name: 'mcp-conform-no-such-prompt' }, argument: { name: 'x', value: '' } };
}

const declared = (ctx: CheckContext, feature: Gated) => isObject(ctx.profile.capabilities?.[feature]);

function requireCapabilities(ctx: CheckContext): void {
  if (!ctx.profile.capabilities)
    ctx.skip(`server capabilities are unknown (${ctx.profile.problems[0] ?? 'server/discover failed'})`);
}

const REMOVED: Array<{ method: string; params: JsonObject }> = [
  { method: 'ping', params: {} },
  { method: 'logging/setLevel', params: { level: 'info' } },
  { method: 'resources/subscribe', params: { uri: 'mcp-conform://removed-method-probe' } },
  { method: 'resources/unsubscribe', params: { uri: 'mcp-conform://removed-method-probe' } },
  { method: 'tasks/list', params: {} },
  { method: 'tasks/result', params: { taskId: 'mcp-conform-no-such-task' } },
];

export default defineArea('2026-07-28', 'discover', [
  {
    slug: 'capabilities-declared',
    title: 'server/discover declares exactly the features the server serves',
    requirement:
      'Servers that support tools, resources, prompts or completions MUST declare that capability in their DiscoverResult; a declared feature is one the server serves, so its list method (completion/complete) answers.',
    level: 'MUST',
    spec: 'architecture#capability-negotiation',
    catalog: ['VER-007', 'TOOL-001', 'RES-001', 'PRM-001', 'CMP-001'],
    async run(ctx) {
      requireCapabilities(ctx);
      for (const feature of GATED) {
        const exchange = await probe(ctx, feature);
        const served = resultOf(exchange) !== undefined;
        // Unserved rests on an answer: silence proves nothing until a barrier shows the probe was read.
        if (!served) await proveRead(ctx.client, exchange, `the ${exchange.method} probe`);
        if (!declared(ctx, feature) && served) {
          ctx.fail(`${exchange.method} works but server/discover does not declare the ${feature} capability`, {
            expected: `capabilities.${feature}`,
            actual: { capabilities: ctx.profile.capabilities, ...observed(exchange) },
          });
        }
        // completion/complete may reject our guessed reference with -32602; only -32601 means "not served".
        const unserved =
          feature === 'completions' ? errorOf(exchange)?.code === -32601 || exchange.response === undefined : !served;
        if (declared(ctx, feature) && unserved) {
          ctx.fail(`the ${feature} capability is declared but ${exchange.method} got ${describeOutcome(exchange)}`, {
            expected: `a result for ${exchange.method}`,
            actual: observed(exchange),
          });
        }
      }
    },
  },
  {
    slug: 'undeclared-method-not-found',
    title: 'Methods of an undeclared capability get -32601 (HTTP 404)',
    requirement:
      'A method gated behind a server capability the server did not advertise (e.g. prompts/list without prompts) is answered with MethodNotFoundError -32601; on Streamable HTTP with status 404. The schema states it without an RFC 2119 keyword.',
    level: 'SHOULD',
    spec: 'schema#methodnotfounderror',
    catalog: ['RPC-010'],
    async run(ctx) {
      requireCapabilities(ctx);
      const undeclared = GATED.filter((feature) => !declared(ctx, feature));
      if (undeclared.length === 0) ctx.skip(`server declares every one of ${GATED.join(', ')}`);
      for (const feature of undeclared) {
        const exchange = await probe(ctx, feature);
        expectError(exchange, -32601, `-32601 for ${exchange.method} (capability ${feature} not declared)`);
        expectHttpStatus(exchange, 404);
      }
    },
  },
  {
    slug: 'removed-methods',
    title: 'Methods removed in 2026-07-28 get -32601 (HTTP 404)',
    requirement:
      'ping, logging/setLevel, resources/subscribe, resources/unsubscribe, tasks/list and tasks/result do not exist in 2026-07-28: a request carrying the modern _meta is served under this revision, so it gets -32601, on HTTP with status 404, even from a dual-era server.',
    level: 'MUST',
    spec: 'changelog#major-changes',
    catalog: ['RPC-011', 'RES-013'],
    async run(ctx) {
      for (const { method, params } of REMOVED) {
        const exchange = await ctx.client.request(method, params);
        expectError(exchange, -32601, `-32601 for the removed method ${method}`);
        expectHttpStatus(exchange, 404);
      }
    },
  },
  {
    slug: 'initialize-names-versions',
    title: 'A modern-only server names its versions when it rejects initialize',
    requirement:
      'A server that supports only modern versions SHOULD name the protocol versions it supports in any error it returns to an initialize request, on any transport: legacy clients have no way forward, and this message may be all they can show.',
    level: 'SHOULD',
    spec: 'basic/versioning#backward-compatibility-with-initialization-based-versions',
    catalog: ['VER-010'],
    async run(ctx) {
      if (listedLegacyVersions(ctx.profile).length > 0)
        ctx.skip(
          'server/discover lists legacy versions: initialize is traffic it serves (the 2025-11-25 suite tests it)',
        );
      const versions = ctx.profile.supportedVersions?.length ? ctx.profile.supportedVersions : ['2026-07-28'];
      const legacy = await ctx.freshAs('2025-11-25', { initialize: false });
      const exchange = await legacy.initialize();
      if (resultOf(exchange))
        ctx.skip(
          'the server answered initialize, so it serves legacy clients although server/discover lists no legacy version (dual-era/modern-only-rejects-initialize judges whether that makes it dual-era)',
        );
      const error = errorOf(exchange);
      if (!error)
        return ctx.fail(`a legacy initialize got ${describeOutcome(exchange)}, not an error`, {
          expected: 'a JSON-RPC error naming the supported versions',
          actual: observed(exchange),
        });
      const text = `${String(error.message)} ${JSON.stringify(error.data ?? null)}`;
      if (!versions.some((version) => text.includes(version))) {
        ctx.fail(`the error answering initialize names none of the supported versions (${versions.join(', ')})`, {
          expected: `message or data naming ${versions.join(' or ')}`,
          actual: observed(exchange),
        });
      }
    },
  },
]);
