// A finding's signature names the defect, not the run: the same defect met on two seeds (other ids,
// pids, paths, line numbers, timestamps) has one signature, and two defects have two.
import { describe, expect, test } from 'vitest';
import {
  computeSignature,
  dedupeFindings,
  normaliseFindingText,
  signatureOf,
} from '../../../harness/results/finding-signature.js';
import type { FuzzFinding } from '../../../harness/results/fuzz-results.js';

function finding(message: string, extra: Partial<FuzzFinding> = {}, invariant = 'crash'): FuzzFinding {
  return {
    id: 'fuzz/2026-07-28/ids/same-id',
    campaign: '2026-07-28/ids',
    property: 'same-id',
    revision: '2026-07-28',
    level: 'MUST',
    message,
    seed: 1,
    counterexample: { kind: 'unsafe-integer' },
    replayCommand: 'mcp-conform fuzz --seed 1',
    failures: [{ message, spec: 'https://example.test/spec', level: 'MUST', invariant }],
    ...extra,
  };
}

/** A crash as the judge words it, with what differs from one run (or machine) to the next. */
function crash(run: { id: string; dir: string; line: number; pid: number; at: string; error?: string }): string {
  const error = run.error ?? 'RangeError';
  return [
    `the server died during the case: server exited with code 1; stderr: [${run.at}] pid ${run.pid} handling id ${run.id}`,
    `${error}: id ${run.id} is past 2^53`,
    `    at checkId (file://${run.dir}/server.js:${run.line}:17)`,
    `    at dispatch (${run.dir}/dispatch.js:${run.line + 40}:5)`,
    `    at async 0x7ffd${run.pid.toString(16)}`,
  ].join('\n');
}

const seedA = {
  id: '9007199254740993',
  dir: '/tmp/mcp-conform-a1b2c3',
  line: 120,
  pid: 4242,
  at: '2026-12-06T10:11:12.123Z',
};
const seedB = { id: '18014398509481984', dir: '/home/runner/work/x', line: 131, pid: 77, at: '2026-12-07T01:02:03Z' };

describe('the same defect, seen twice, has one signature', () => {
  test('a crash on two seeds: other id, pid, temp path, stack line:column, timestamp, address', () => {
    const a = finding(crash(seedA), { seed: 1 });
    const b = finding(crash(seedB), { seed: 2 });
    expect(normaliseFindingText(crash(seedA))).toBe(normaliseFindingText(crash(seedB)));
    expect(computeSignature(a)).toBe(computeSignature(b));
  });

  test('an answer quoting other ids and generated values: the shape of the message decides', () => {
    const a = `tools/list with id "a000001b" (string): answered more than once (another response with id "a000001b")`;
    const b = `tools/list with id "a00000zz" (string): answered more than once (another response with id "a00000zz")`;
    expect(computeSignature(finding(a, {}, 'same-id'))).toBe(computeSignature(finding(b, {}, 'same-id')));
  });

  test('a signature is stable: computed twice, or read from the finding, it is the same', () => {
    const a = finding(crash(seedA));
    expect(computeSignature(a)).toBe(computeSignature(structuredClone(a)));
    expect(computeSignature(a)).toMatch(/^fs1-[0-9a-f]{16}$/);
    expect(signatureOf({ ...a, signature: 'fs1-given' })).toBe('fs1-given');
    expect(signatureOf(a)).toBe(computeSignature(a));
  });
});

describe('two defects have two signatures', () => {
  test('another error class in the crash', () => {
    const range = finding(crash(seedA));
    const type = finding(crash({ ...seedA, error: 'TypeError' }));
    expect(computeSignature(range)).not.toBe(computeSignature(type));
  });

  test('another JSON-RPC error code, or another HTTP status, is another defect', () => {
    const code = (n: number) => `tools/call with id 3: got error ${n} "bad", but the spec allows a result`;
    expect(computeSignature(finding(code(-32601), {}, 'property'))).not.toBe(
      computeSignature(finding(code(-32603), {}, 'property')),
    );
    const status = (n: number) => `POST 1: HTTP ${n} (json body) with no JSON-RPC answer`;
    expect(normaliseFindingText(status(500))).not.toBe(normaliseFindingText(status(400)));
  });

  test('another property, method, broken rule or revision', () => {
    const base = finding('tools/list with id 7: no response', {}, 'answered');
    const variants = [
      finding('tools/list with id 7: no response', { id: 'fuzz/2026-07-28/ids/reused-after-answer' }, 'answered'),
      finding('prompts/list with id 7: no response', {}, 'answered'),
      finding('tools/list with id 7: no response', {}, 'same-id'),
      finding('tools/list with id 7: no response', { revision: '2025-11-25' }, 'answered'),
    ];
    const signatures = new Set([base, ...variants].map(computeSignature));
    expect(signatures.size).toBe(5);
  });
});

describe('normalisation', () => {
  test('takes out what a run invents, keeps what names the defect', () => {
    expect(normaliseFindingText('at run (/tmp/x/y/server.js:12:34) pid 99 took 1.5e3 ms')).toBe(
      'at run (…/server.js:<n>:<n>) pid <n> took <n> ms',
    );
    expect(normaliseFindingText('id "abc" and 0xDEADBEEF and 3fa85f64-5717-4562-b3fc-2c963f66afa6')).toBe(
      'id "…" and <hex> and <uuid>',
    );
    expect(normaliseFindingText('notifications/roots/list_changed answered with error -32601')).toBe(
      'notifications/roots/list_changed answered with error -32601',
    );
  });
});

describe('dedupe within a run', () => {
  test('one finding per signature: the smallest counterexample stays, the others are counted on it', () => {
    const big = finding(crash(seedA), { seed: 1, counterexample: { kind: 'unsafe-integer', id: 'x'.repeat(50) } });
    const small = finding(crash(seedB), { seed: 2, counterexample: { kind: 'unsafe-integer' } });
    const other = finding(crash({ ...seedA, error: 'TypeError' }), { seed: 3 });
    const kept = dedupeFindings([big, other, small]);
    expect(kept.map((f) => [f.seed, f.duplicates])).toEqual([
      [2, 1],
      [3, undefined],
    ]);
    expect(kept[0].signature).toBe(computeSignature(big));
  });

  test('findings with nothing in common are all kept, in order', () => {
    const list = [finding('a/b: no response', {}, 'answered'), finding('c/d: no response', {}, 'answered')];
    expect(dedupeFindings(list)).toEqual(list);
  });
});
