// The campaign's pure parts: which finding is which injected defect, when the fuzzer first met
// it, and the tables. Messages are the ones the fuzzer printed for the injected defects.
import { describe, expect, test } from 'vitest';
import type { RunResults } from '../../../harness/results/results.js';
import { defectOf, EXPECTED } from '../../../scripts/fuzz-campaign/expected.js';
import { scoreRun } from '../../../scripts/fuzz-campaign/score.js';
import { casesTable, defectTable, foundCell } from '../../../scripts/fuzz-campaign/table.js';
import { firstFinding, propertyWindows } from '../../../scripts/fuzz-campaign/timing.js';
import { DEFECTS } from '../../fixtures/defect-injector/defects.js';

const SEEN = {
  surrogate: {
    id: 'fuzz/2026-07-28/schema/valid-arguments',
    message:
      'tools/call echo with json-schema-faker seed 3, text = "\\ud800" (a boundary): the server died during the case: server exited with code 1; stderr: RangeError: injected: lone surrogate in a tool argument cannot be encoded',
  },
  longId: {
    id: 'fuzz/2025-11-25/ids/reused-after-answer',
    message:
      'the server died during the case: server exited with code 1; stderr: RangeError: injected: request id of 300 characters overflows the id table',
  },
  stdout: {
    id: 'fuzz/2026-07-28/meta/judged-alone',
    message: 'non-MCP bytes on stdout (line is not JSON): "debug: unknown _meta keys [\\"com.example/trace\\"]"',
  },
  served: {
    id: 'fuzz/2026-07-28/schema/invalid-arguments',
    message:
      'tools/call add with missing-required: required property "a" left out (base seed 1): a successful result for arguments the inputSchema rejects (expected -32602 or isError: true)',
  },
  offSchema: {
    id: 'fuzz/2025-11-25/schema/output-schema',
    message:
      'tools/call add with json-schema-faker seed 29, a = 9007199254740992 (a boundary): structuredContent does not match the outputSchema: /sum must be number',
  },
};

describe('a finding is mapped to the defect by its property and message', () => {
  test('the script knows every defect the injector has, by the same name and scope', () => {
    expect(EXPECTED.map((d) => [d.name, d.scope])).toEqual(DEFECTS.map((d) => [d.name, d.scope]));
  });

  test.each([
    ['surrogate', 'surrogate-crash'],
    ['longId', 'long-id-crash'],
    ['stdout', 'meta-stdout-log'],
    ['served', 'invalid-add-served'],
    ['offSchema', 'edge-sum-off-schema'],
  ] as const)('%s -> %s', (seen, name) => {
    expect(defectOf(SEEN[seen])?.name).toBe(name);
  });

  test('a crash reported by a property the defect does not belong to is no hit', () => {
    expect(defectOf({ ...SEEN.longId, id: 'fuzz/2026-07-28/schema/valid-arguments' })).toBeUndefined();
  });

  test('a finding of the SDK itself maps to no defect', () => {
    const sdk = { id: 'fuzz/2026-07-28/meta/judged-alone', message: 'got a result, but the spec allows error -32022' };
    expect(defectOf(sdk)).toBeUndefined();
  });
});

const LINES = [
  { t: 1000, text: 'fuzzing 2026-07-28: 12 properties' },
  { t: 4000, text: '  ok       2026-07-28/framing/framed-lines (100 cases, 2.2 s, 1 response class)' },
  {
    t: 9000,
    text: '  FINDING  2026-07-28/meta/judged-alone after 1 run(s), shrunk in 8 step(s) (14 cases, 1.9 s): non-MCP',
  },
  { t: 9001, text: '    at Readable.push (node:internal/streams/readable:392:5)' },
  { t: 12000, text: '  UNDECIDED 2026-07-28/ids/same-id (6 cases, 3 s, 1 with no answer in time)' },
];

describe('time to first finding', () => {
  test('each property line closes a window opened by the line before it', () => {
    expect(propertyWindows(LINES)).toEqual([
      { property: '2026-07-28/framing/framed-lines', start: 1000, end: 4000 },
      { property: '2026-07-28/meta/judged-alone', start: 4000, end: 9000 },
      { property: '2026-07-28/ids/same-id', start: 9000, end: 12000 },
    ]);
  });

  test('is the first injection of the defect inside the window of the property that found it', () => {
    const startedAt = 50_000;
    const injections = [
      { defect: 'meta-stdout-log', at: startedAt + 2000 }, // in another property: not its finding
      { defect: 'meta-stdout-log', at: startedAt + 6500 },
      { defect: 'meta-stdout-log', at: startedAt + 7000 },
    ];
    const run = { startedAt, lines: LINES, injections };
    expect(firstFinding('2026-07-28/meta/judged-alone', 'meta-stdout-log', run)).toEqual({
      ms: 6500,
      upperBound: false,
    });
  });

  test('without a logged injection the property line is an upper bound', () => {
    const run = { startedAt: 0, lines: LINES, injections: [] };
    expect(firstFinding('2026-07-28/meta/judged-alone', 'meta-stdout-log', run)).toEqual({
      ms: 9000,
      upperBound: true,
    });
  });
});

function results(findings: Array<{ id: string; message: string }>): RunResults {
  const fuzz = {
    findings: findings.map((f) => ({
      ...f,
      campaign: '',
      property: '',
      seed: 1,
      counterexample: null,
      replayCommand: '',
    })),
    campaigns: [
      {
        campaign: '2026-07-28/meta',
        runs: 14,
        seed: 1,
        findings: 1,
        properties: [{ id: '2026-07-28/meta/judged-alone', cases: 14, finding: true }],
      },
    ],
  };
  return { fuzz } as unknown as RunResults;
}

describe('the tables', () => {
  const scored = scoreRun(
    {
      results: results([SEEN.stdout, { id: 'fuzz/2026-07-28/ids/same-id', message: 'something else' }]),
      startedAt: 0,
      lines: LINES,
      injections: [{ defect: 'meta-stdout-log', at: 6500 }],
    },
    EXPECTED,
  );

  test('a found defect shows its time and property, a missed one says so; other findings are unexplained', () => {
    expect(foundCell(scored, 'meta-stdout-log')).toBe('6.5 s meta/judged-alone (2026-07-28)');
    expect(foundCell(scored, 'surrogate-crash')).toBe('missed');
    expect(scored.unexplained).toEqual([{ property: '2026-07-28/ids/same-id', message: 'something else' }]);
  });

  test('per defect the seeds that found it; per property the cases', () => {
    const seeds = [{ seed: 1, scored }];
    const table = defectTable(EXPECTED.slice(2, 4), seeds);
    expect(table[1]).toMatch(/^deep-answer-both\s+case\s+0\/1\s+missed$/);
    expect(table[2]).toMatch(/^meta-stdout-log\s+case\s+1\/1\s+6\.5 s meta\/judged-alone \(2026-07-28\)$/);
    expect(casesTable(seeds)).toEqual([
      'property                      seed 1',
      '2026-07-28/meta/judged-alone  14',
      // A finding's property is listed even when the results keep no record of its runs.
      '2026-07-28/ids/same-id        0',
      'total                         14',
    ]);
  });
});
