// One cause, one verdict: a request sent without the _meta 2026-07-28 requires (its version as a
// string, clientCapabilities an object) is there to be refused, and its own check judges the answer. go-sdk over stdio
// serves such requests as legacy traffic, without resultType: that failed lifecycle/unsupported-
// version and meta/* and, before, result-type, server-info and wire/schema a second time.
import { describe, expect, test } from 'vitest';
import type { WireEntry } from '../../harness/recorder/wire-log.js';
import results from '../../suites/2026-07-28/results.js';
import { judgeSchemaIssues } from '../../suites/shared/wire-checks.js';
import { modernResults } from '../../suites/shared/wire-pairs.js';
import { endingOf } from './check-verdict.js';

const KEY = 'io.modelcontextprotocol/protocolVersion';
const legacyShaped = { tools: [] };
const schemaBreak = { def: 'ListToolsResultResponse', issues: ["/result must have required property 'resultType'"] };

/** A tools/list with this _meta, answered with a result lacking resultType (a schema break). */
function exchange(seq: number, meta: Record<string, unknown> | undefined): WireEntry[] {
  const params = meta === undefined ? undefined : { _meta: meta };
  const base = { t: seq, at: '', connection: 'stdio#2', kind: 'message' as const };
  return [
    { ...base, seq, direction: 'client->server', message: { jsonrpc: '2.0', id: seq, method: 'tools/list', params } },
    {
      ...base,
      seq: seq + 1,
      direction: 'server->client',
      message: { jsonrpc: '2.0', id: seq, result: legacyShaped },
      schema: schemaBreak,
    },
  ];
}

const CAPS = 'io.modelcontextprotocol/clientCapabilities';
const refusedOnes = [
  ...exchange(10, { [KEY]: '1900-01-01', [CAPS]: {} }),
  ...exchange(20, { [KEY]: 20260728, [CAPS]: {} }),
  ...exchange(30, {}),
  ...exchange(40, undefined),
  ...exchange(60, { [KEY]: '2026-07-28' }),
  ...exchange(70, { [KEY]: '2026-07-28', [CAPS]: 'all' }),
];
const modernOne = exchange(50, { [KEY]: '2026-07-28', [CAPS]: {} });

const resultType = results.find((check) => check.id === '2026-07-28/results/result-type')!;
// biome-ignore lint/suspicious/noExplicitAny: a partial context holding only the wire log
const judge = (entries: WireEntry[]) => endingOf(resultType as any, { wire: { entries } } as any);

describe('answers to requests not for 2026-07-28', () => {
  test('are not results of the revision', () => {
    expect(modernResults(refusedOnes)).toEqual([]);
    expect(modernResults([...refusedOnes, ...modernOne]).map((pair) => pair.request.id)).toEqual([50]);
  });

  test('result-type judges only the answer to the 2026-07-28 request', async () => {
    expect((await judge(refusedOnes)).verdict).toBe('pass');
    const ending = await judge([...refusedOnes, ...modernOne]);
    expect(ending).toMatchObject({ verdict: 'fail', reason: expect.stringMatching(/^1 result\(s\)/) });
  });

  test('wire/schema leaves them to their checks in 2026-07-28, not in 2025-11-25', () => {
    expect(judgeSchemaIssues([...refusedOnes, ...modernOne], '2026-07-28').breaks.map((b) => b.seq)).toEqual([51]);
    expect(judgeSchemaIssues(refusedOnes, '2025-11-25').breaks).toHaveLength(6);
  });
});
