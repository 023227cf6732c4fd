// An expectation may record the kind of assertion its verdict rests on (issue #32): the same
// verdict for another reason is a difference, while counts, times and quoted values may vary.
import { describe, expect, test } from 'vitest';
import { compareCell, parseExpectations, type CellRun } from '../../../scripts/interop/expectations.js';
import { reasonClassOf } from '../../../scripts/interop/reason-class.js';

describe('reasonClassOf', () => {
  test('keeps the assertion and the JSON-RPC codes, writes what varies as placeholders', () => {
    expect(reasonClassOf('expected -32002 for reading x-mcp-conform://missing/1796496632832, got error -32602')).toBe(
      'expected -32002 for reading <uri>, got error -32602',
    );
    expect(reasonClassOf('inconclusive: no response to id 3 within 5003 ms; more')).toBe(
      'inconclusive: no response to id # within # ms',
    );
    expect(reasonClassOf('expected -32602 for prompt "greet" without its required argument name, got a result')).toBe(
      'expected -32602 for prompt "…" without its required argument name, got a result',
    );
    expect(reasonClassOf(undefined)).toBe('');
  });

  test('two runs that differ only in counts and times have one class', () => {
    expect(reasonClassOf('5 server message(s) break the schema; first (X): /a')).toBe(
      reasonClassOf('7 server message(s) break the schema; first (Y): /b'),
    );
  });

  test('identifiers a server generates anew each run (UUIDs, long hex) have one class', () => {
    // java-sdk's SSE event ids are fresh UUIDs every run.
    const first = reasonClassOf('SSE event id(s) used on more than one event: bc6e1b1a-7dbb-4f6c-a6c3-b86bb301d599');
    expect(first).toBe('SSE event id(s) used on more than one event: <id>');
    expect(reasonClassOf('SSE event id(s) used on more than one event: 36e14ecd-2f99-4778-8e73-0c5f364231c3')).toBe(
      first,
    );
    expect(reasonClassOf('session 9f86d081884c7d659a2feaa0c55ad015 expired')).toBe('session <id> expired');
  });
});

const YAML_TEXT = `
go-sdk:
  stdio:
    2026-07-28:
      2026-07-28/tools/unknown-tool:
        verdict: warn
        kind: defect
        why: 'https://example/spec#x: unknown tools are protocol errors and the server answers a result'
        repro: 'mcp-conform run --check 2026-07-28/tools/unknown-tool -- server'
        reason: 'calling unknown tool x got a result (resultType "…"), not a JSON-RPC error'
`;

const cell = (reason: string): CellRun => ({
  checks: [{ id: '2026-07-28/tools/unknown-tool', revision: '2026-07-28', verdict: 'warn', reason }],
  revisions: [{ revision: '2026-07-28' }],
});

describe('compareCell with a recorded reason class', () => {
  const expected = parseExpectations(YAML_TEXT).get('go-sdk')!.get('stdio');

  test('the same verdict for the recorded reason is no difference', () => {
    expect(
      compareCell(cell('calling unknown tool x got a result (resultType "complete"), not a JSON-RPC error'), expected),
    ).toEqual([]);
  });

  test('the same verdict for another reason is a difference that names both', () => {
    const [difference] = compareCell(
      cell('calling unknown tool x got no response before the timeout, not a JSON-RPC error'),
      expected,
    );
    expect(difference.check).toBe('2026-07-28/tools/unknown-tool');
    expect(difference.expected).toContain('for the reason "calling unknown tool x got a result');
    expect(difference.actual).toContain('got no response before the timeout');
  });
});
