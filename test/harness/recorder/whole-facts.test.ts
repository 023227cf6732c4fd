import { describe, expect, test } from 'vitest';
import { heapEstimate } from '../../../harness/recorder/heap-estimate.js';
import { factsOf } from '../../../harness/recorder/facts.js';
import { WholeBudget, WireRecorder, wholeMessage } from '../../../harness/recorder/wire-log.js';
import { modernResults } from '../../../suites/shared/wire-pairs.js';

const SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
const VERSION = 'io.modelcontextprotocol/protocolVersion';

// A tools/list result of about 100 KB whose hints come after the tools: the evidence cut drops them.
function bigToolsList(): Record<string, unknown> {
  const tools = Array.from({ length: 400 }, (_, i) => ({
    name: `tool_${i}`,
    description: 'x'.repeat(200),
    inputSchema: { type: 'object' },
  }));
  return {
    jsonrpc: '2.0',
    id: 1,
    result: {
      tools,
      resultType: 'complete',
      ttlMs: 1000,
      cacheScope: 'public',
      _meta: { [SERVER_INFO]: { name: 'big', version: '1' } },
    },
  };
}

function recordPair(recorder: WireRecorder): void {
  const request = {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/list',
    params: { _meta: { [VERSION]: '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
  };
  recorder.record({ direction: 'client->server', kind: 'message', connection: 'c1', message: request });
  const response = bigToolsList();
  recorder.record({
    direction: 'server->client',
    kind: 'message',
    connection: 'c1',
    message: response,
    sizeHint: JSON.stringify(response).length,
  });
}

describe('checks read whole messages, never the evidence copy', () => {
  test('a 100 KB tools/list is cut for evidence, yet its hints and serverInfo reach the checks', () => {
    const recorder = new WireRecorder();
    recordPair(recorder);
    const logged = recorder.entries[1];
    expect(logged.truncated).toBe(true);
    expect((logged.message as { result: Record<string, unknown> }).result.ttlMs).toBeUndefined();
    const [pair] = modernResults(recorder.entries);
    expect(pair.result.ttlMs).toBe(1000);
    expect(pair.result.cacheScope).toBe('public');
    expect((pair.result._meta as Record<string, unknown>)[SERVER_INFO]).toEqual({ name: 'big', version: '1' });
  });

  test('past the whole-message budget the facts still carry the hints', () => {
    const recorder = new WireRecorder({ maxWholeBytes: 0 });
    recordPair(recorder);
    const facts = wholeMessage(recorder.entries[1]) as { result: Record<string, unknown> };
    expect(facts.result.ttlMs).toBe(1000);
    expect(facts.result.cacheScope).toBe('public');
    expect(facts.result.resultType).toBe('complete');
    expect(String(facts.result.tools)).toMatch(/not kept among the facts/);
  });

  test('the whole-message budget counts heap, not wire: dense numbers cost more than their bytes', () => {
    // 300,000 small integers: about 1.2 MB on the wire, 2.4 MB of array slots once parsed.
    const dense = {
      jsonrpc: '2.0',
      id: 7,
      result: { resultType: 'complete', deep: [Array.from({ length: 300_000 }, (_, i) => i % 10)] },
    };
    const recorder = new WireRecorder({ maxWholeBytes: 2 * 1024 * 1024 });
    const entry = recorder.record({
      direction: 'server->client',
      kind: 'message',
      connection: 'c',
      message: dense,
      sizeHint: 1_200_000,
    });
    const kept = wholeMessage(entry) as { result: Record<string, unknown> };
    expect(kept.result.resultType).toBe('complete');
    expect(String(kept.result.deep)).toMatch(/not kept among the facts/);
    expect(heapEstimate(dense)).toBeGreaterThan(2 * 1024 * 1024);
  });

  test('recorders that share a budget (the revisions of a run) keep whole messages within one budget, not one each', () => {
    const budget = new WholeBudget(300 * 1024);
    const recorders = [new WireRecorder({ wholeBudget: budget }), new WireRecorder({ wholeBudget: budget })];
    const kept = recorders.map((recorder) => {
      for (let i = 0; i < 4; i++) recordPair(recorder);
      return recorder.entries
        .filter((entry) => entry.direction === 'server->client')
        .filter((entry) => Array.isArray((wholeMessage(entry) as { result: { tools: unknown } }).result.tools)).length;
    });
    // Each 100 KB answer is about 120 KB of heap: two fit the shared 300 KB, the rest are facts.
    expect(kept[0] + kept[1]).toBe(2);
    expect(budget.used).toBeLessThanOrEqual(budget.max);
  });

  test('factsOf keeps envelope, scalars and _meta, marks large members', () => {
    const facts = factsOf(bigToolsList()) as Record<string, Record<string, unknown>>;
    expect(facts.id).toBe(1);
    expect(facts.result._meta).toEqual({ [SERVER_INFO]: { name: 'big', version: '1' } });
    expect(JSON.stringify(facts).length).toBeLessThan(2048);
  });
});

describe('a big request or notification from the server is judged by its facts', () => {
  test('over 64 KB: its facts and size are kept, not its body, and the run is told', () => {
    const recorder = new WireRecorder();
    const text = 'p'.repeat(1024 * 1024);
    const request = { jsonrpc: '2.0', id: 's1', method: 'sampling/createMessage', params: { maxTokens: 10, text } };
    const entry = recorder.record({
      direction: 'server->client',
      kind: 'message',
      connection: 'c1',
      message: request,
      sizeHint: text.length + 100,
    });
    expect(wholeMessage(entry)).toEqual(factsOf(request));
    expect((wholeMessage(entry) as { method: string }).method).toBe('sampling/createMessage');
    expect(entry.bytes).toBe(text.length + 100);
    expect(recorder.spent.entries()).toEqual([
      { what: 'server requests and notifications over 64 KB kept as their facts', count: 1, bytes: text.length + 100 },
    ]);
  });
});
