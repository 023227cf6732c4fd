// `diff`: regressions, fixes, other changes, new and removed checks between two runs.
import { beforeAll, describe, expect, test } from 'vitest';
import type { RunResults } from '../../harness/results/results.js';
import { diffExitCode, diffResults } from '../../harness/results/diff.js';
import { renderDiffText } from '../../reports/diff.js';
import { RUN_TIMEOUT_MS, hostileResults, referenceResults, withVerdict } from './helpers.js';

let good: RunResults;
let bad: RunResults;

beforeAll(async () => {
  [good, bad] = await Promise.all([referenceResults(), hostileResults()]);
}, RUN_TIMEOUT_MS);

const failingIn = (r: RunResults) =>
  r.checks.filter((c) => c.verdict === 'fail' || c.verdict === 'error').map((c) => c.id);
const verdictIn = (r: RunResults, id: string) => r.checks.find((c) => c.id === id)?.verdict;

describe('diff of two servers', () => {
  test('a check that passed and now fails is a regression, and the exit code is 1', () => {
    const diff = diffResults('good.json', good, 'bad.json', bad);
    const expected = failingIn(bad).filter((id) => ['pass', 'skip', 'warn'].includes(verdictIn(good, id) ?? ''));
    expect(expected.length).toBeGreaterThan(0);
    expect(diff.regressions.map((e) => e.key).sort()).toEqual(expected.sort());
    expect(diff.regressions[0]).toMatchObject({ old: verdictIn(good, diff.regressions[0].key), new: 'fail' });
    expect(diffExitCode(diff)).toBe(1);
  });

  test('checks only the old run has are removed; only the new run has, new', () => {
    const diff = diffResults('good.json', good, 'bad.json', bad);
    const badIds = new Set(bad.checks.map((c) => c.id));
    expect(diff.removed.map((e) => e.key).sort()).toEqual(
      good.checks
        .filter((c) => !badIds.has(c.id))
        .map((c) => c.id)
        .sort(),
    );
    expect(diff.removed.every((e) => e.key.startsWith('2026-07-28/'))).toBe(true); // the hostile server is 2025-11-25 only
    const reverse = diffResults('bad.json', bad, 'good.json', good);
    expect(reverse.added.map((e) => e.key).sort()).toEqual(diff.removed.map((e) => e.key).sort());
  });

  test('the other way round the regressions are fixes, and the exit code is 0', () => {
    const diff = diffResults('bad.json', bad, 'good.json', good);
    const fixed = failingIn(bad).filter((id) => ['pass', 'warn'].includes(verdictIn(good, id) ?? ''));
    expect(diff.fixes.map((e) => e.key).sort()).toEqual(fixed.sort());
    expect(diff.regressions.filter((e) => !failingIn(bad).includes(e.key))).toEqual(diff.regressions);
  });

  test('a run compared with itself has no changes', () => {
    const diff = diffResults('a.json', good, 'b.json', good);
    expect(diff).toMatchObject({
      regressions: [],
      fixes: [],
      changed: [],
      added: [],
      removed: [],
      unchanged: good.checks.length,
    });
    expect(diffExitCode(diff)).toBe(0);
  });
});

describe('verdict changes', () => {
  const id = () => good.checks.find((c) => c.verdict === 'pass')!.id;
  const change = (from: RunResults['checks'][number]['verdict'], to: RunResults['checks'][number]['verdict']) =>
    diffResults('old.json', withVerdict(good, id(), from), 'new.json', withVerdict(good, id(), to));

  test.each([
    ['pass', 'fail', 'regressions'],
    ['skip', 'fail', 'regressions'],
    ['warn', 'fail', 'regressions'],
    ['pass', 'error', 'regressions'],
    ['fail', 'pass', 'fixes'],
    ['error', 'warn', 'fixes'],
    ['pass', 'warn', 'changed'],
    ['pass', 'skip', 'changed'],
    ['fail', 'skip', 'changed'],
    ['fail', 'error', 'changed'],
  ] as const)('%s -> %s is listed under %s', (from, to, list) => {
    const diff = change(from, to);
    expect(diff[list].map((e) => e.key)).toEqual([id()]);
    expect(diffExitCode(diff)).toBe(list === 'regressions' ? 1 : 0);
  });
});

describe('across revisions', () => {
  test('--old-revision/--new-revision match one revision against another by the id without revision', () => {
    const diff = diffResults('r.json', good, 'r.json', good, { oldRevision: '2025-11-25', newRevision: '2026-07-28' });
    const key = (c: { id: string; revision: string }) => c.id.slice(c.revision.length + 1);
    const legacy = new Set(good.checks.filter((c) => c.revision === '2025-11-25').map(key));
    const modern = good.checks.filter((c) => c.revision === '2026-07-28').map(key);
    const shared = modern.filter((k) => legacy.has(k));
    expect(shared.length).toBeGreaterThan(0);
    const compared = diff.unchanged + diff.regressions.length + diff.fixes.length + diff.changed.length;
    expect(compared).toBe(shared.length);
    expect(diff.added.map((e) => e.key).sort()).toEqual(modern.filter((k) => !legacy.has(k)).sort());
    expect(diff.old.revision).toBe('2025-11-25');
  });
});

describe('text rendering', () => {
  test('lists each section with old and new verdicts, and a closing count line', () => {
    const text = renderDiffText(diffResults('good.json', good, 'bad.json', bad));
    expect(text).toMatch(/^old good\.json: mcp-conform-reference/m);
    expect(text).toMatch(/^Regressions \(\d+\):$/m);
    expect(text).toMatch(/^ {2}PASS +-> FAIL +2025-11-25\//m);
    expect(text).toMatch(/^Removed checks \(\d+\):$/m);
    expect(text).toMatch(
      /^\d+ compared: \d+ regressions, \d+ fixes, \d+ other changes, \d+ unchanged; \d+ new, \d+ removed$/m,
    );
  });

  test('server strings cannot put escape sequences on the terminal', () => {
    const text = renderDiffText(diffResults('good.json', good, 'bad.json', bad));
    expect(text).not.toMatch(/[\u0000-\u0008\u001b\u007f]/);
    expect(text).toContain('\\u001b[31m');
  });

  test('files with no check in common get a hint about comparing revisions', () => {
    const modern = { ...good, checks: good.checks.filter((c) => c.revision === '2026-07-28') };
    const legacy = { ...good, checks: good.checks.filter((c) => c.revision === '2025-11-25') };
    expect(renderDiffText(diffResults('m.json', modern, 'l.json', legacy))).toContain(
      'use --old-revision and --new-revision',
    );
  });
});
