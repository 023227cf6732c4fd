// How the MRTR-015 check plays a model that wants tools, and how it reads the follow-up: the
// tool_use answer it sends, and the tool rules a follow-up conversation is held to.
import { describe, expect, test } from 'vitest';
import type { JsonObject } from '../../harness/model.js';
import { carriesToolUse, toolUseAnswer, toolUseIds } from '../../suites/2026-07-28/kit/tool-sampling.js';
import { toolRuleBroken } from '../../suites/shared/sampling-tools.js';

const lookup = {
  name: 'lookup',
  inputSchema: { type: 'object', properties: { term: { type: 'string' } }, required: ['term'] },
};
const request = (tools: JsonObject[]): JsonObject => ({
  method: 'sampling/createMessage',
  params: { messages: [], tools, maxTokens: 10 },
});

describe('the tool_use answer', () => {
  test('uses the only tool twice, with arguments its schema requires, and stops for tool use', () => {
    const answer = toolUseAnswer(request([lookup]), 'use');
    expect(answer).toMatchObject({ role: 'assistant', stopReason: 'toolUse' });
    expect(answer.content).toEqual([
      { type: 'tool_use', id: 'use-1', name: 'lookup', input: { term: expect.any(String) } },
      { type: 'tool_use', id: 'use-2', name: 'lookup', input: { term: expect.any(String) } },
    ]);
    expect(toolUseIds(answer)).toEqual(['use-1', 'use-2']);
  });

  test('uses the first two tools when several are offered', () => {
    const answer = toolUseAnswer(request([lookup, { ...lookup, name: 'define' }, { ...lookup, name: 'third' }]), 'u');
    expect((answer.content as JsonObject[]).map((block) => block.name)).toEqual(['lookup', 'define']);
  });
});

describe('a follow-up conversation', () => {
  const uses = {
    role: 'assistant',
    content: [
      { type: 'tool_use', id: 'u-1', name: 'lookup', input: {} },
      { type: 'tool_use', id: 'u-2', name: 'lookup', input: {} },
    ],
  };
  const result = (id: string) => ({ type: 'tool_result', toolUseId: id, content: [{ type: 'text', text: 'x' }] });
  const question = { role: 'user', content: { type: 'text', text: 'q' } };

  test('that answers every tool use with a result of its own holds', () => {
    const messages = [question, uses, { role: 'user', content: [result('u-1'), result('u-2')] }];
    expect(toolRuleBroken(messages)).toBeUndefined();
    expect(carriesToolUse(messages, 'u-1') && carriesToolUse(messages, 'u-2')).toBe(true);
  });

  test('that mixes text into the results, or leaves a tool use unanswered, breaks the rules', () => {
    expect(
      toolRuleBroken([
        question,
        uses,
        { role: 'user', content: [{ type: 'text', text: 'Here:' }, result('u-1'), result('u-2')] },
      ]),
    ).toMatch(/not followed by a user message made only of tool_result blocks/);
    expect(toolRuleBroken([question, uses, { role: 'user', content: [result('u-1')] }])).toMatch(/"u-2"/);
  });

  test('that dropped the tool uses does not carry them', () => {
    expect(carriesToolUse([question, { role: 'user', content: [result('u-1')] }], 'u-1')).toBe(false);
  });
});
