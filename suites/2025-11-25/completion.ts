// 2025-11-25 completion: completion/complete for prompt arguments and template variables, at
// most 100 values, and -32602 for unknown references or missing fields.
import { defineArea } from '../../harness/checks/check.js';
import { expectError, expectResult, expectThat, expectValid } from '../../harness/checks/expect.js';
import { isObject, type JsonObject } from '../../harness/model.js';
import type { Ctx } from './kit/helpers.js';
import { templateVariables } from '../shared/uri-template.js';

const MAX_VALUES = 100;
const REQUEST_LIMIT = 6;

/** ref + argument name pairs the profile offers for completion. */
function completionTargets(ctx: Ctx): Array<{ ref: JsonObject; argument: string }> {
  const targets: Array<{ ref: JsonObject; argument: string }> = [];
  for (const prompt of ctx.profile.prompts) {
    for (const arg of Array.isArray(prompt.arguments) ? prompt.arguments.filter(isObject) : []) {
      if (typeof arg.name === 'string')
        targets.push({ ref: { type: 'ref/prompt', name: prompt.name }, argument: arg.name });
    }
  }
  for (const template of ctx.profile.resourceTemplates) {
    for (const variable of templateVariables(String(template.uriTemplate)))
      targets.push({ ref: { type: 'ref/resource', uri: template.uriTemplate }, argument: variable });
  }
  return targets.length > 0
    ? targets.slice(0, REQUEST_LIMIT)
    : ctx.skip('server lists no prompt argument or template variable to complete');
}

export default defineArea('2025-11-25', 'completion', [
  {
    slug: 'complete-result',
    title: 'completion/complete answers with at most 100 string values',
    requirement: 'completion/complete returns completion {values, total?, hasMore?}; values MUST NOT exceed 100 items.',
    level: 'MUST',
    spec: 'server/utilities/completion#completion-results',
    catalog: ['COMP-001', 'COMP-002'],
    requires: ['completions'],
    async run(ctx) {
      for (const { ref, argument } of completionTargets(ctx)) {
        const result = expectResult(
          await ctx.client.request('completion/complete', { ref, argument: { name: argument, value: '' } }),
        );
        expectValid(ctx.schema, 'CompleteResult', result, `the completion of ${argument}`);
        const values =
          isObject(result.completion) && Array.isArray(result.completion.values) ? result.completion.values : [];
        expectThat(
          values.length <= MAX_VALUES,
          `the completion of ${argument} has ${values.length} values (at most ${MAX_VALUES} allowed)`,
          {
            expected: `<= ${MAX_VALUES} values`,
            actual: values.length,
          },
        );
      }
    },
  },
  {
    slug: 'unknown-reference',
    title: 'Completing an argument of an unknown prompt gets -32602',
    requirement: 'Servers SHOULD return standard JSON-RPC errors: an invalid prompt name gets -32602 (Invalid params).',
    level: 'SHOULD',
    spec: 'server/utilities/completion#error-handling',
    catalog: ['COMP-004', 'COMP-006'],
    requires: ['completions'],
    async run(ctx) {
      const ref = { type: 'ref/prompt', name: `x-mcp-conform-missing-${Date.now()}` };
      expectError(
        await ctx.client.request('completion/complete', { ref, argument: { name: 'x', value: '' } }),
        -32602,
        '-32602 for an unknown prompt',
      );
    },
  },
  {
    slug: 'missing-argument',
    title: 'completion/complete without its argument gets -32602',
    requirement:
      'Servers SHOULD return standard JSON-RPC errors: missing required arguments get -32602 (Invalid params).',
    level: 'SHOULD',
    spec: 'server/utilities/completion#error-handling',
    catalog: ['COMP-005'],
    requires: ['completions'],
    async run(ctx) {
      const [{ ref }] = completionTargets(ctx);
      expectError(
        await ctx.client.request('completion/complete', { ref }),
        -32602,
        '-32602 for completion/complete without argument',
      );
    },
  },
]);
