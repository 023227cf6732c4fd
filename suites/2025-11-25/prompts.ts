// 2025-11-25 prompts: prompts/list, prompts/get with well-formed messages, and -32602 for an
// unknown prompt or a missing required argument.
import { defineArea } from '../../harness/checks/check.js';
import { expectError, expectResult, expectThat, expectValid } from '../../harness/checks/expect.js';
import { isObject, type JsonObject } from '../../harness/model.js';
import { describeOutcome } from '../../harness/lifecycles/profile.js';
import { samplePromptArguments } from '../../harness/lifecycles/sample-requests.js';
import { refused, refusedInvented } from '../shared/invented.js';
import { badBase64, listBothWays } from './kit/feature-helpers.js';
import type { Ctx } from './kit/helpers.js';

const GET_LIMIT = 8;

function requiredArguments(prompt: JsonObject): string[] {
  const args = Array.isArray(prompt.arguments) ? prompt.arguments.filter(isObject) : [];
  return args.filter((arg) => arg.required === true && typeof arg.name === 'string').map((arg) => arg.name as string);
}

function prompts(ctx: Ctx): JsonObject[] {
  return ctx.profile.prompts.length > 0 ? ctx.profile.prompts.slice(0, GET_LIMIT) : ctx.skip('server lists no prompts');
}

export default defineArea('2025-11-25', 'prompts', [
  {
    slug: 'list-result',
    title: 'prompts/list answers with a valid ListPromptsResult, with or without params',
    requirement:
      'The prompts/list result has prompts, each with a name and optional arguments {name, description?, required?}.',
    level: 'MUST',
    spec: 'server/prompts#listing-prompts',
    catalog: ['PROM-001', 'PAGE-004'],
    requires: ['prompts'],
    async run(ctx) {
      for (const result of await listBothWays(ctx, 'prompts/list'))
        expectValid(ctx.schema, 'ListPromptsResult', result, 'the prompts/list result');
    },
  },
  {
    slug: 'get-result',
    title: 'prompts/get answers every listed prompt with well-formed messages',
    requirement:
      'prompts/get returns messages of role user or assistant with one content block each; image and audio data MUST be base64-encoded with a valid MIME type.',
    level: 'MUST',
    spec: 'server/prompts#getting-a-prompt',
    catalog: ['PROM-002', 'PROM-005', 'PROM-006'],
    requires: ['prompts'],
    async run(ctx) {
      const missingMime: string[] = [];
      const notJudged: string[] = [];
      for (const prompt of prompts(ctx)) {
        const sample = samplePromptArguments(prompt);
        const exchange = await ctx.client.request('prompts/get', { name: prompt.name, arguments: sample.arguments });
        if (sample.invented.length > 0 && refused(exchange)) {
          notJudged.push(
            refusedInvented(`prompt ${JSON.stringify(prompt.name)}`, sample.invented, describeOutcome(exchange)),
          );
          continue;
        }
        const result = expectResult(exchange);
        expectValid(ctx.schema, 'GetPromptResult', result, `the messages of prompt ${JSON.stringify(prompt.name)}`);
        const blocks = (Array.isArray(result.messages) ? result.messages.filter(isObject) : []).map(
          (message) => message.content,
        );
        const bad = badBase64(blocks);
        expectThat(
          bad.length === 0,
          `prompt ${JSON.stringify(prompt.name)} has binary content that is not base64 with a MIME type`,
          { expected: 'base64 data, type/subtype MIME', actual: bad },
        );
        for (const block of blocks.filter(isObject))
          if (block.type === 'resource' && isObject(block.resource) && block.resource.mimeType === undefined)
            missingMime.push(String(prompt.name));
      }
      notJudged.forEach((reason) => ctx.note(reason));
      if (notJudged.length === prompts(ctx).length) ctx.skip(notJudged[0]);
      // The prompts page says embedded resources MUST include a MIME type; the schema makes it optional.
      if (missingMime.length > 0)
        ctx.warn(
          `embedded resources without mimeType in prompt(s) ${missingMime.join(', ')}: the page requires one, the schema does not`,
          {
            expected: 'mimeType on embedded resources',
            actual: missingMime,
          },
        );
    },
  },
  {
    slug: 'unknown-prompt',
    title: 'prompts/get for an unknown prompt gets -32602',
    requirement: 'Servers SHOULD return standard JSON-RPC errors: an invalid prompt name gets -32602 (Invalid params).',
    level: 'SHOULD',
    spec: 'server/prompts#error-handling',
    catalog: ['PROM-003', 'PROM-007'],
    requires: ['prompts'],
    async run(ctx) {
      expectError(
        await ctx.client.request('prompts/get', { name: `x-mcp-conform-missing-${Date.now()}` }),
        -32602,
        '-32602 for an unknown prompt',
      );
    },
  },
  {
    slug: 'missing-argument',
    title: 'prompts/get without a required argument gets -32602',
    requirement:
      'Servers SHOULD return standard JSON-RPC errors: missing required arguments get -32602 (Invalid params).',
    level: 'SHOULD',
    spec: 'server/prompts#error-handling',
    catalog: ['PROM-004'],
    requires: ['prompts'],
    async run(ctx) {
      const prompt =
        ctx.profile.prompts.find((p) => requiredArguments(p).length > 0) ??
        ctx.skip('server lists no prompt with a required argument');
      const [dropped] = requiredArguments(prompt);
      const { [dropped]: _left, ...kept } = samplePromptArguments(prompt).arguments;
      const exchange = await ctx.client.request('prompts/get', { name: prompt.name, arguments: kept });
      expectError(
        exchange,
        -32602,
        `-32602 for prompt ${JSON.stringify(prompt.name)} without its required argument ${dropped}`,
      );
    },
  },
]);
