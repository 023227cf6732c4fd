// 2026-07-28 prompts: the listing, getting each listed prompt, its message content, and the
// errors for unknown prompts and bad arguments.
import { defineArea, type CheckContext } from '../../harness/checks/check.js';
import { expectError, expectThat, expectValid, observed } from '../../harness/checks/expect.js';
import { describeOutcome } from '../../harness/lifecycles/profile.js';
import type { StatelessClient } from '../../harness/lifecycles/stateless-client.js';
import { isObject, type JsonObject } from '../../harness/model.js';
import type { Exchange } from '../../harness/lifecycles/exchange.js';
import { samplePromptArguments } from '../../harness/lifecycles/sample-requests.js';
import { refused, refusedInvented } from '../shared/invented.js';
import { contentBlockProblems } from './kit/content.js';
import { bounded, validatedPages } from './kit/lists.js';

type Ctx = CheckContext<StatelessClient>;

const MAX_GETS = 20;
const MAX_LISTED = 10;
const UNKNOWN_PROMPT = 'mcp-conform-no-such-prompt-7f3a9c';

interface Argument {
  name: string;
  required: boolean;
}

function argumentsOf(prompt: JsonObject): Argument[] {
  const list = Array.isArray(prompt.arguments) ? prompt.arguments : [];
  return list
    .filter((a): a is JsonObject => isObject(a) && typeof a.name === 'string')
    .map((a) => ({ name: a.name as string, required: a.required === true }));
}

/** A value for every required argument: a choice its description names, else an invented one. */
const requiredValues = (prompt: JsonObject): Record<string, string> => samplePromptArguments(prompt).arguments;

interface Got {
  name: string;
  exchange: Exchange;
  result?: JsonObject;
}

/**
 * prompts/get of each listed prompt (bounded); complete results are returned for judging. A prompt
 * the server never answers fails the check when `silenceFails` (getting it is what is judged);
 * otherwise it is noted, and a check left with nothing to judge says why it skips.
 */
async function getListed(ctx: Ctx, silenceFails: boolean): Promise<Got[]> {
  const prompts = bounded(
    ctx,
    ctx.profile.prompts.filter((p) => typeof p.name === 'string'),
    MAX_GETS,
    'prompts',
  );
  if (prompts.length === 0) ctx.skip('server lists no prompts');
  const got: Got[] = [];
  const refusals: string[] = [];
  for (const prompt of prompts) {
    const exchange = await ctx.client.request('prompts/get', {
      name: prompt.name as string,
      arguments: requiredValues(prompt),
    });
    if (!exchange.response && silenceFails)
      ctx.fail(`prompts/get of the listed prompt ${String(prompt.name)} got ${describeOutcome(exchange)}`, {
        expected: 'a GetPromptResult',
        actual: observed(exchange),
      });
    const result = exchange.response?.result;
    const complete = isObject(result) && result.resultType !== 'input_required';
    const invented = samplePromptArguments(prompt).invented;
    const refusal =
      !complete && invented.length > 0 && refused(exchange)
        ? refusedInvented(`prompt ${JSON.stringify(prompt.name)}`, invented, describeOutcome(exchange))
        : undefined;
    if (refusal) refusals.push(refusal);
    if (!complete) ctx.note(refusal ?? `${String(prompt.name)}: ${describeOutcome(exchange)} (not judged)`);
    got.push({ name: prompt.name as string, exchange, result: complete ? result : undefined });
  }
  const silent = got.filter((g) => !g.exchange.response).length;
  if (!got.some((g) => g.result) && refusals.length === got.length) ctx.skip(refusals[0]);
  if (!got.some((g) => g.result))
    ctx.skip(
      `no listed prompt could be got with generated arguments${silent > 0 ? ` (${silent} got no answer at all)` : ''}: nothing to judge (see notes)`,
    );
  return got.filter((g) => g.result);
}

const promptWith = (ctx: Ctx, test: (args: Argument[]) => boolean) =>
  ctx.profile.prompts.find((p) => typeof p.name === 'string' && test(argumentsOf(p)));

export default defineArea('2026-07-28', 'prompts', [
  {
    slug: 'list-result',
    title: 'prompts/list pages are ListPromptsResults',
    requirement:
      'Every prompts/list page is a ListPromptsResult: prompts (each with a name; title, description, arguments [{name, description?, required?}], icons optional), optional nextCursor, ttlMs and cacheScope.',
    level: 'MUST',
    spec: 'server/prompts#listing-prompts',
    catalog: ['PRM-002'],
    requires: ['prompts'],
    async run(ctx) {
      await validatedPages(ctx, 'prompts/list', 'prompts', 'ListPromptsResult');
    },
  },
  {
    slug: 'get-listed',
    title: 'Every listed prompt gets a GetPromptResult',
    requirement:
      'prompts/get of a listed prompt, with its required arguments, returns a GetPromptResult (messages, each a role user or assistant and one content block) or input_required.',
    level: 'MUST',
    spec: 'server/prompts#getting-a-prompt',
    catalog: ['PRM-003', 'PRM-007'],
    requires: ['prompts'],
    async run(ctx) {
      for (const got of await getListed(ctx, true))
        expectValid(ctx.schema, 'GetPromptResult', got.result, `the result of prompts/get ${got.name}`);
    },
  },
  {
    slug: 'message-content',
    title: 'Prompt messages carry base64 media with MIME types and complete embedded resources',
    requirement:
      'Image and audio content MUST be base64-encoded with a valid MIME type; embedded resources MUST include a valid URI, the MIME type, and text or base64 blob data.',
    level: 'MUST',
    spec: 'server/prompts#promptmessage',
    catalog: ['PRM-006'],
    requires: ['prompts'],
    async run(ctx) {
      const problems = (await getListed(ctx, false)).flatMap((got) => {
        const messages = Array.isArray(got.result!.messages) ? got.result!.messages : [];
        return messages.flatMap((message, i) =>
          isObject(message)
            ? contentBlockProblems(ctx.schema, message.content, `${got.name} messages[${i}].content`, {
                embeddedNeedsMime: true,
              })
            : [],
        );
      });
      expectThat(problems.length === 0, `${problems.length} message content problem(s); first: ${problems[0]}`, {
        expected: 'well-formed message content',
        actual: problems.slice(0, MAX_LISTED),
      });
    },
  },
  {
    slug: 'unknown-prompt',
    title: 'Getting a prompt that does not exist is -32602',
    requirement: 'Servers SHOULD answer an invalid prompt name with -32602 (Invalid params).',
    level: 'SHOULD',
    spec: 'server/prompts#error-handling',
    catalog: ['PRM-004'],
    requires: ['prompts'],
    async run(ctx) {
      expectError(await ctx.client.request('prompts/get', { name: UNKNOWN_PROMPT, arguments: {} }), -32602);
    },
  },
  {
    slug: 'missing-required-argument',
    title: 'Getting a prompt without its required arguments is -32602',
    requirement: 'Servers SHOULD answer a prompts/get that lacks a required argument with -32602 (Invalid params).',
    level: 'SHOULD',
    spec: 'server/prompts#error-handling',
    catalog: ['PRM-004'],
    requires: ['prompts'],
    async run(ctx) {
      const prompt = promptWith(ctx, (args) => args.some((a) => a.required));
      if (!prompt) return ctx.skip('server lists no prompt with a required argument');
      expectError(
        await ctx.client.request('prompts/get', { name: prompt.name as string, arguments: {} }),
        -32602,
        `JSON-RPC error -32602 for ${String(prompt.name)} without its required arguments`,
      );
    },
  },
  {
    slug: 'non-string-argument',
    title: 'Prompt argument values that are not strings are rejected',
    requirement:
      'Prompt arguments are a map of strings, and implementations MUST carefully validate all prompt inputs: a value that is a number or an object is rejected with an error (-32602 expected), never rendered.',
    level: 'MUST',
    spec: 'server/prompts#security',
    catalog: ['PRM-005'],
    requires: ['prompts'],
    async run(ctx) {
      const prompt = promptWith(ctx, (args) => args.length > 0);
      if (!prompt) return ctx.skip('server lists no prompt with arguments');
      const target = argumentsOf(prompt)[0].name;
      for (const bad of [42, { nested: 'object' }]) {
        const exchange = await ctx.client.request('prompts/get', {
          name: prompt.name as string,
          arguments: { ...requiredValues(prompt), [target]: bad } as JsonObject,
        });
        // Silence is no rejection: the client is left waiting, and nothing says the input was refused.
        expectThat(
          exchange.response !== undefined,
          `${String(prompt.name)} with ${target} = ${JSON.stringify(bad)} got ${describeOutcome(exchange)}`,
          {
            expected: 'a JSON-RPC error (-32602)',
            actual: observed(exchange),
          },
        );
        const result = exchange.response?.result;
        expectThat(
          !(isObject(result) && result.resultType !== 'input_required'),
          `${String(prompt.name)} rendered with ${target} = ${JSON.stringify(bad)}`,
          {
            expected: 'a JSON-RPC error (-32602)',
            actual: observed(exchange),
          },
        );
        if (isObject(exchange.response?.error) && exchange.response.error.code !== -32602)
          ctx.note(`${target} = ${JSON.stringify(bad)} rejected with ${describeOutcome(exchange)} (-32602 expected)`);
      }
    },
  },
]);
