// 2026-07-28 completion: answers for the arguments of listed prompts and the variables of listed
// resource templates, and the errors for unknown prompts and malformed requests.
import { defineArea, type CheckContext } from '../../harness/checks/check.js';
import { expectError, expectThat, expectValid } from '../../harness/checks/expect.js';
import { describeOutcome } from '../../harness/lifecycles/profile.js';
import type { StatelessClient } from '../../harness/lifecycles/stateless-client.js';
import { isObject, type JsonObject } from '../../harness/model.js';
import { parseUriTemplate } from '../shared/uri-template.js';

type Ctx = CheckContext<StatelessClient>;

const MAX_PROBES = 20;
const MAX_VALUES = 100;
const UNKNOWN_PROMPT = 'mcp-conform-no-such-prompt-7f3a9c';

interface Probe {
  ref: JsonObject;
  argument: string;
}

function promptProbes(ctx: Ctx): Probe[] {
  return ctx.profile.prompts.flatMap((prompt) => {
    const args = Array.isArray(prompt.arguments) ? prompt.arguments.filter(isObject) : [];
    return args
      .filter((a) => typeof a.name === 'string')
      .map((a) => ({ ref: { type: 'ref/prompt', name: prompt.name }, argument: a.name as string }));
  });
}

function templateProbes(ctx: Ctx): Probe[] {
  return ctx.profile.resourceTemplates.flatMap((template) => {
    const parsed = typeof template.uriTemplate === 'string' ? parseUriTemplate(template.uriTemplate) : undefined;
    if (!parsed?.ok) return [];
    return parsed.variables.map((variable) => ({
      ref: { type: 'ref/resource', uri: template.uriTemplate },
      argument: variable,
    }));
  });
}

/** Asks for completions of an empty value for each probe; every complete answer is judged. */
async function expectValidCompletions(ctx: Ctx, probes: Probe[], what: string): Promise<void> {
  if (probes.length === 0) ctx.skip(`server lists no ${what} to complete`);
  let answered = 0;
  for (const probe of probes.slice(0, MAX_PROBES)) {
    const exchange = await ctx.client.request('completion/complete', {
      ref: probe.ref,
      argument: { name: probe.argument, value: '' },
    });
    const result = exchange.response?.result;
    const label = `completion of ${JSON.stringify(probe.ref.name ?? probe.ref.uri)} ${probe.argument}`;
    if (!isObject(result)) {
      ctx.note(`${label}: ${describeOutcome(exchange)} (not judged)`);
      continue;
    }
    answered++;
    expectThat(
      result.resultType === 'complete',
      `${label} answered with resultType ${JSON.stringify(result.resultType)}; completion/complete never takes input_required`,
      {
        expected: 'resultType "complete"',
        actual: result,
      },
    );
    const values = isObject(result.completion) ? result.completion.values : undefined;
    if (Array.isArray(values))
      expectThat(
        values.length <= MAX_VALUES,
        `${label} returned ${values.length} values; at most ${MAX_VALUES} are allowed`,
        { expected: `<= ${MAX_VALUES} values`, actual: values.length },
      );
    expectValid(ctx.schema, 'CompleteResult', result, label);
  }
  if (answered === 0) ctx.skip(`no completion request for ${what} was answered with a result (see notes)`);
}

export default defineArea('2026-07-28', 'completion', [
  {
    slug: 'prompt-argument',
    title: 'Completions for prompt arguments are CompleteResults of at most 100 strings',
    requirement:
      'completion/complete with a ref/prompt reference returns a CompleteResult: completion.values (strings, at most 100), optional total and hasMore, with resultType "complete" (input_required is not allowed for completion).',
    level: 'MUST',
    spec: 'server/utilities/completion#completion-results',
    catalog: ['CMP-002', 'CMP-004', 'CMP-006'],
    requires: ['completions', 'prompts'],
    async run(ctx) {
      await expectValidCompletions(ctx, promptProbes(ctx), 'prompt argument');
    },
  },
  {
    slug: 'template-variable',
    title: 'Completions for resource template variables are CompleteResults of at most 100 strings',
    requirement:
      'completion/complete with a ref/resource reference to a listed URI template returns a CompleteResult with at most 100 string values and resultType "complete".',
    level: 'MUST',
    spec: 'server/utilities/completion#completion-results',
    catalog: ['CMP-002', 'CMP-004', 'CMP-006'],
    requires: ['completions', 'resourceTemplates'],
    async run(ctx) {
      await expectValidCompletions(ctx, templateProbes(ctx), 'resource template variable');
    },
  },
  {
    slug: 'unknown-prompt',
    title: 'Completing an argument of a prompt that does not exist is -32602',
    requirement: 'Servers SHOULD answer a completion request naming an invalid prompt with -32602 (Invalid params).',
    level: 'SHOULD',
    spec: 'server/utilities/completion#error-handling',
    catalog: ['CMP-003'],
    requires: ['completions'],
    async run(ctx) {
      const exchange = await ctx.client.request('completion/complete', {
        ref: { type: 'ref/prompt', name: UNKNOWN_PROMPT },
        argument: { name: 'x', value: '' },
      });
      expectError(exchange, -32602);
    },
  },
  {
    slug: 'malformed-request',
    title: 'A completion request with an unknown ref type or no argument is -32602',
    requirement:
      'ref is a ref/prompt or ref/resource reference and argument {name, value} is required; a request breaking that is invalid params, which servers SHOULD report as -32602.',
    level: 'SHOULD',
    spec: 'server/utilities/completion#error-handling',
    catalog: ['CMP-003', 'CMP-004'],
    requires: ['completions'],
    async run(ctx) {
      const name = typeof ctx.profile.prompts[0]?.name === 'string' ? ctx.profile.prompts[0].name : 'x';
      const unknownRef = await ctx.client.request('completion/complete', {
        ref: { type: 'ref/tool', name },
        argument: { name: 'x', value: '' },
      });
      expectError(unknownRef, -32602, 'JSON-RPC error -32602 for ref type "ref/tool"');
      const noArgument = await ctx.client.request('completion/complete', { ref: { type: 'ref/prompt', name } });
      expectError(noArgument, -32602, 'JSON-RPC error -32602 for a request without argument');
    },
  },
]);
