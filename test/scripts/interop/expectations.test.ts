// interop/expectations.yaml decides whether `npm run interop` passes: a verdict that moves on a
// real server must be seen, and a typo must not explain a cell.
import { describe, expect, test } from 'vitest';
import {
  compareCell,
  isTransportSkip,
  parseExpectations,
  type CellRun,
} from '../../../scripts/interop/expectations.js';

const YAML_TEXT = `
go-sdk:
  stdio:
    2026-07-28:
      2026-07-28/streams/a-must:
        verdict: fail
        kind: defect
        why: 'https://example/spec#x: "The server MUST do x" and it does y'
        repro: 'mcp-conform run --check 2026-07-28/streams/a-must -- server'
      skipped:
        'server declares no tasks':
          - 2026-07-28/tasks/one
          - 2026-07-28/tasks/two
`;

const run = (
  overrides: Partial<Record<string, CellRun['checks'][number]['verdict']>> = {},
  reasons: Record<string, string> = {},
): CellRun => {
  const base: Record<string, CellRun['checks'][number]['verdict']> = {
    '2026-07-28/streams/a-must': 'fail',
    '2026-07-28/tasks/one': 'skip',
    '2026-07-28/tasks/two': 'skip',
    '2026-07-28/tools/list': 'pass',
    '2026-07-28/http/only': 'skip',
    ...overrides,
  };
  const defaultReasons: Record<string, string> = {
    '2026-07-28/http/only': 'applies to http only; this target is stdio',
    '2026-07-28/tasks/one': 'server declares no tasks',
    '2026-07-28/tasks/two': 'server declares no tasks',
  };
  return {
    checks: Object.entries(base).flatMap(([id, verdict]) =>
      verdict ? [{ id, revision: '2026-07-28' as const, verdict, reason: reasons[id] ?? defaultReasons[id] }] : [],
    ),
    revisions: [{ revision: '2026-07-28' }],
  };
};

const expectations = parseExpectations(YAML_TEXT).get('go-sdk')!.get('stdio');

describe('compareCell', () => {
  test('a run exactly as listed has no difference; a skip of the other transport needs no pin', () => {
    expect(compareCell(run(), expectations)).toEqual([]);
  });

  test("a transport skip with the spec's reason after it needs no pin either; another skip does", () => {
    expect(isTransportSkip('applies to http only; this target is stdio: credentials come from the environment')).toBe(
      true,
    );
    expect(isTransportSkip('server declares no tasks')).toBe(false);
  });

  test('a listed verdict that moves is a difference (fail -> warn)', () => {
    expect(compareCell(run({ '2026-07-28/streams/a-must': 'warn' }), expectations)).toEqual([
      { check: '2026-07-28/streams/a-must', expected: 'fail (defect)', actual: 'warn' },
    ]);
  });

  test('a listed failure that now passes is a difference: the entry is stale', () => {
    expect(compareCell(run({ '2026-07-28/streams/a-must': 'pass' }), expectations).map((d) => d.check)).toEqual([
      '2026-07-28/streams/a-must',
    ]);
  });

  test('an unlisted non-pass is a difference, whatever its verdict', () => {
    for (const verdict of ['fail', 'warn', 'error', 'unstable'] as const) {
      expect(
        compareCell(run({ '2026-07-28/tools/list': verdict }, { '2026-07-28/tools/list': 'why' }), expectations),
      ).toEqual([{ check: '2026-07-28/tools/list', expected: 'pass', actual: `${verdict} (why)` }]);
    }
  });

  test('an unpinned skip is a difference; a pinned skip that now runs is one too', () => {
    expect(
      compareCell(
        run({ '2026-07-28/tools/list': 'skip' }, { '2026-07-28/tools/list': 'server offers no tools' }),
        expectations,
      ).map((d) => d.actual),
    ).toEqual(['skip (server offers no tools)']);
    expect(compareCell(run({ '2026-07-28/tasks/two': 'pass' }, { '2026-07-28/tasks/two': '' }), expectations)).toEqual([
      { check: '2026-07-28/tasks/two', expected: 'skip (server declares no tasks)', actual: 'pass' },
    ]);
  });

  test('a listed check missing from the run, or a revision not run, is a difference', () => {
    expect(compareCell(run({ '2026-07-28/tasks/one': undefined }), expectations)).toEqual([
      { check: '2026-07-28/tasks/one', expected: 'skip', actual: 'absent from the run' },
    ]);
    expect(compareCell({ checks: [], revisions: [] }, expectations)).toEqual([
      { check: '2026-07-28', expected: 'the revision is run', actual: 'not run' },
    ]);
  });

  test('a revision that could not be run is a difference even when nothing is expected of it', () => {
    expect(
      compareCell({ checks: [], revisions: [{ revision: '2025-11-25', error: 'initialize failed' }] }, undefined),
    ).toEqual([{ check: '2025-11-25', expected: 'the revision is run', actual: 'error: initialize failed' }]);
  });

  test('with no expectations at all, only passes and transport skips are quiet', () => {
    expect(compareCell(run(), undefined).map((d) => d.check)).toEqual([
      '2026-07-28/streams/a-must',
      '2026-07-28/tasks/one',
      '2026-07-28/tasks/two',
    ]);
  });
});

describe('parseExpectations', () => {
  test('reads checks and pinned skips per implementation, transport and revision', () => {
    expect(expectations?.get('2026-07-28')?.checks.get('2026-07-28/streams/a-must')?.kind).toBe('defect');
    expect(expectations?.get('2026-07-28')?.skipped.get('2026-07-28/tasks/two')).toBe('server declares no tasks');
  });

  test('an empty file expects every cell to pass', () => {
    expect(parseExpectations('').size).toBe(0);
  });

  test('a defect without a reproduction, an unknown kind, a wrong transport and a foreign check id are each named', () => {
    const text = `
x:
  stdio:
    2026-07-28:
      2026-07-28/a/b: { verdict: fail, kind: defect, why: 'a sentence long enough' }
      2026-07-28/a/c: { verdict: fail, kind: bug, why: 'a sentence long enough' }
      2025-11-25/a/d: { verdict: warn, kind: not-offered, why: 'a sentence long enough' }
  sse:
    2026-07-28: {}
`;
    let message = '';
    try {
      parseExpectations(text);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('x.stdio.2026-07-28.2026-07-28/a/b.repro: required for a defect');
    expect(message).toContain('x.stdio.2026-07-28.2026-07-28/a/c.kind: must be one of');
    expect(message).toContain(
      'x.stdio.2026-07-28.2025-11-25/a/d: a check id of this revision starts with "2026-07-28/"',
    );
    expect(message).toContain('x.sse: the cell is stdio, http or http-auth');
  });

  test('a verdict of pass cannot be listed: a pass needs no explanation', () => {
    expect(() =>
      parseExpectations(
        `x:\n  stdio:\n    2026-07-28:\n      2026-07-28/a/b: { verdict: pass, kind: defect, why: 'a sentence long enough', repro: r }\n`,
      ),
    ).toThrow('verdict: must be one of');
  });
});
