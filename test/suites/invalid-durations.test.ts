// The invalid tool inputs the 2026-07-28 tools checks send never ask for a long wait: a server that
// does not check bounds (rmcp, recorded) sleeps as long as asked, and time would decide the verdict.
import { describe, expect, it } from 'vitest';

import type { JsonObject } from '../../harness/model.js';
import { invalidCalls } from '../../suites/2026-07-28/kit/tool-calls.js';
import recorded from './recorded/rmcp-stdio-sleep-tool.json' with { type: 'json' };

function plan(requestTimeoutMs: number) {
  const notes: string[] = [];
  const ctx = { transport: 'stdio', requestTimeoutMs, note: (text: string) => notes.push(text) };
  const calls = invalidCalls(ctx as never, [recorded.tool as JsonObject], 8);
  return { calls, notes };
}

describe('invalid inputs for a duration argument', () => {
  it('leaves out a duration above the cap, such as the one above the maximum that rmcp slept through', () => {
    const { calls, notes } = plan(10_000);
    const asked = calls
      .map((call) => (call.arguments as JsonObject).ms)
      .filter((ms): ms is number => typeof ms === 'number');
    expect(asked.every((ms) => ms <= 1000)).toBe(true);
    expect(calls.some((call) => call.label.startsWith('maximum'))).toBe(false);
    expect(notes.some((note) => note.includes('not sent: a duration longer than 1000 ms'))).toBe(true);
  });

  it('still sends the other violations of the same schema (below the minimum, wrong type, missing)', () => {
    const kinds = plan(10_000).calls.map((call) => call.label.split(':')[0]);
    expect(kinds).toContain('minimum');
    expect(kinds.length).toBeGreaterThanOrEqual(3);
  });
});
