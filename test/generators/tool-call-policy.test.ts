// The --tool-calls policy decides which listed tools the checks call: safe (readOnlyHint: true
// only, the default), all, or none. Proven on the reference server, whose `slow` tool is not
// annotated read-only.
import { describe, expect, test } from 'vitest';
import type { RunResults } from '../../harness/results/results.js';
import { referenceStdio, run } from '../helpers/harness.js';

const CALLING = [
  'valid-arguments',
  'invalid-arguments',
  'output-schema',
  'structured-text-mirror',
  'content-blocks',
].map((slug) => `2026-07-28/tools/${slug}`);

function calledTools(results: RunResults): Set<string> {
  const names = new Set<string>();
  for (const check of results.checks) {
    for (const entry of check.transcript) {
      const message = entry.message as { method?: string; params?: { name?: unknown } } | undefined;
      if (
        entry.direction === 'client->server' &&
        message?.method === 'tools/call' &&
        typeof message.params?.name === 'string'
      )
        names.add(message.params.name);
    }
  }
  return names;
}

const runTools = (toolCalls: 'safe' | 'all' | 'none') =>
  run(referenceStdio(), { revisions: ['2026-07-28'], select: CALLING, toolCalls });

describe('tool call policy', () => {
  test('none: no listed tool is called and the calling checks skip, saying why', async () => {
    const results = await runTools('none');
    expect(calledTools(results)).toEqual(new Set());
    for (const check of results.checks)
      expect([check.id, check.verdict, check.reason]).toEqual([
        check.id,
        'skip',
        'tool calls are disabled (--tool-calls none)',
      ]);
  });

  test('safe (the default): only tools annotated readOnlyHint: true are called', async () => {
    const results = await runTools('safe');
    const called = calledTools(results);
    expect(called.has('echo')).toBe(true);
    expect(called.has('slow')).toBe(false);
    expect(results.checks.every((check) => check.verdict === 'pass')).toBe(true);
    expect(results.checks.find((check) => check.id.endsWith('/valid-arguments'))?.notes?.join(' ')).toMatch(
      /slow \(not annotated readOnlyHint: true\)/,
    );
  });

  test('all: the tools without readOnlyHint are called too', async () => {
    const results = await run(referenceStdio(), {
      revisions: ['2026-07-28'],
      select: ['2026-07-28/tools/invalid-arguments'],
      toolCalls: 'all',
    });
    expect(calledTools(results).has('slow')).toBe(true);
  });
});
