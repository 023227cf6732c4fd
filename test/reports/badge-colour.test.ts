// Badge colours follow the conformance level of the revision the badge names, not the pass rate:
// a results file with a MUST failure never gets the colour of one without.
import { describe, expect, test } from 'vitest';
import { buildImplementationMatrix } from '../../harness/results/implementation-matrix.js';
import type { FakeCheck } from './matrix-fakes.js';
import { fakeResults } from './matrix-fakes.js';
import { renderBadge } from '../../reports/matrix-page/badge.js';
import { badgeLevel, type BadgeLevel } from '../../reports/matrix-page/badge-level.js';

// Many passes around each case, so a pass-rate colour would call all of them green.
const passes: FakeCheck[] = Array.from({ length: 40 }, (_, i) => [`2026-07-28/tools/p${i}`, 'pass']);

const CASES: Record<BadgeLevel, FakeCheck[]> = {
  conformant: passes,
  'should-misses': [...passes, ['2026-07-28/tools/s', 'fail', 'SHOULD']],
  'must-failures': [...passes, ['2026-07-28/tools/m', 'fail', 'MUST']],
  inconclusive: [...passes, ['2026-07-28/tools/e', 'error', 'MUST']],
  'not-tested': [['2026-07-28/tools/k', 'skip', 'MUST', 'nothing listed']],
};
const levels = Object.keys(CASES) as BadgeLevel[];
const matrix = buildImplementationMatrix(
  levels.map((level) => ({ results: fakeResults(CASES[level], { name: level }), file: `${level}.json` })),
);
const fill = (svg: string) => [...svg.matchAll(/fill="(#[0-9a-f]+)"/g)][1][1];

describe('badge colour', () => {
  test('each results file gets the level its conformance statement says', () => {
    expect(levels.map((_, i) => badgeLevel(matrix, i, '2026-07-28'))).toEqual(levels);
  });

  test('a MUST failure never shares a colour with any level without one', () => {
    const colours = levels.map((_, i) => fill(renderBadge(matrix, i)));
    const failing = colours[levels.indexOf('must-failures')];
    for (const [i, level] of levels.entries())
      if (level !== 'must-failures') expect(colours[i], `${level} vs must-failures`).not.toBe(failing);
    // Every level has its own colour.
    expect(new Set(colours).size).toBe(levels.length);
  });

  test('the badge judges the revision it names: an older revision’s MUST failure does not colour it', () => {
    const m = buildImplementationMatrix([
      { results: fakeResults([...passes, ['2025-11-25/tools/m', 'fail', 'MUST']]), file: 'x.json' },
    ]);
    expect(badgeLevel(m, 0, '2026-07-28')).toBe('conformant');
    expect(badgeLevel(m, 0, '2025-11-25')).toBe('must-failures');
  });
});
