// Frozen profiles: a check the profile does not score runs and is shown, and changes nothing a
// server is judged by (outcome, exit status, summary, conformance), until the profile is bumped.
import { beforeAll, describe, expect, test } from 'vitest';
import type { FrozenProfile } from '../../../harness/results/check-profile.js';
import { profileHash, stampProfiles } from '../../../harness/results/check-profile.js';
import { settleOutcome } from '../../../harness/results/baseline.js';
import type { RunResults } from '../../../harness/results/results.js';
import { buildImplementationMatrix } from '../../../harness/results/implementation-matrix.js';
import { renderBadge } from '../../../reports/matrix-page/badge.js';
import { renderJUnit } from '../../../reports/junit.js';
import { renderSarif } from '../../../reports/sarif.js';
import { renderSummary } from '../../../reports/console.js';

import { bumpProfiles, nextVersion } from '../../../scripts/profile-bump/bump.js';
import { FROZEN_PROFILES } from '../../../suites/profiles.js';
import { ALL_CHECKS } from '../../../suites/index.js';
import { referenceStdio, run } from '../../helpers/harness.js';

const FAILING = '2025-11-25/ping/empty-result';
const PASSING = '2025-11-25/tools/list-result';

/** A profile of the ping checks as they are, without FAILING: as if FAILING were added after it was frozen. */
function profileWithout(id: string): FrozenProfile {
  const checks = Object.fromEntries(
    ALL_CHECKS.filter((c) => c.revision === '2025-11-25' && c.id !== id).map((c) => [c.id, c.level]),
  );
  return { revision: '2025-11-25', version: '2026-01-01.1', checks };
}

describe('a run scored against a frozen profile', () => {
  let scoredAll: RunResults;
  let frozen: RunResults;
  beforeAll(async () => {
    // ping-missing fails FAILING; PASSING, of another area, passes.
    const target = referenceStdio({ mutants: ['ping-missing'] });
    const request = { revisions: ['2025-11-25' as const], select: [FAILING, PASSING] };
    [scoredAll, frozen] = await Promise.all([
      run(target, request),
      run(target, { ...request, profiles: [profileWithout(FAILING)] }),
    ]);
  }, 240_000);

  test('without the profile the new check fails the run', () => {
    expect(scoredAll.checks.find((c) => c.id === FAILING)?.verdict).toBe('fail');
    expect(scoredAll.exitCode).toBe(1);
  });

  test('with it, the new check runs and is shown as pending, and neither outcome nor level moves', () => {
    const pending = frozen.checks.find((c) => c.id === FAILING)!;
    expect(pending.verdict).toBe('fail');
    expect(pending.pending).toContain('not in profile 2025-11-25@2026-01-01.1');
    expect(frozen.checks.find((c) => c.id === PASSING)?.pending).toBeUndefined();
    expect(frozen.outcome).toBe('passed');
    expect(frozen.exitCode).toBe(0);
    expect(frozen.summary.fail).toBe(0);
    expect(frozen.summary.pending?.fail).toBe(1);
    expect(frozen.conformance?.revisions[0].core.failures).toEqual([]);
  });

  test('the revision names the profile and its hash, and counts the pending check', () => {
    const stamp = frozen.revisions[0].checkProfile!;
    expect(stamp.name).toBe('2025-11-25@2026-01-01.1');
    expect(stamp.hash).toBe(profileHash(profileWithout(FAILING)));
    expect(stamp.pending).toBe(1);
    expect(stamp.retired).toBe(0);
  });

  test('every report names the profile and shows the pending check without counting it', () => {
    const junit = renderJUnit(frozen);
    expect(junit).toContain('name="profile" value="2025-11-25@2026-01-01.1"');
    expect(junit).not.toContain('<failure');
    expect(junit).toMatch(/<skipped>pending, fail: expected a result/);
    const sarif = renderSarif(frozen, { location: 'x' }).runs[0];
    expect(sarif.properties.profiles).toEqual([`2025-11-25@2026-01-01.1 ${profileHash(profileWithout(FAILING))}`]);
    expect(sarif.results.find((r) => r.ruleId === FAILING)?.level).toBe('note');
    const console = renderSummary(frozen, { color: false });
    expect(console).toContain('profile 2025-11-25@2026-01-01.1');
    expect(console).toContain(`FAIL  ${FAILING} (pending: not scored)`);
    expect(console).toContain('pending, not scored (not in the profile): 1 fail');
    const matrix = buildImplementationMatrix([{ results: frozen, file: 'frozen.json' }]);
    expect(matrix.columns[0].totals.fail).toBe(0);
    expect(renderBadge(matrix, 0)).toContain('(profile 2025-11-25@2026-01-01.1 sha256:');
  });

  test('a check at another level than its profile says is pending too; settling a file again keeps the marks', () => {
    const profile = profileWithout('');
    const lowered = { ...profile, checks: { ...profile.checks, [FAILING]: 'SHOULD' as const } };
    const restamped = settleOutcome({ ...scoredAll, ...stampProfiles(scoredAll, [lowered]) });
    expect(restamped.checks.find((c) => c.id === FAILING)?.pending).toMatch(/^MUST here, SHOULD in profile/);
    expect(settleOutcome(restamped).exitCode).toBe(0);
  });
});

describe('the profile hash and the bump', () => {
  const profile: FrozenProfile = {
    revision: '2026-07-28',
    version: '2026-12-01.1',
    checks: { 'a/b/c': 'MUST', 'a/b/d': 'SHOULD' },
  };

  test('the hash names the set of checks and levels, not its order', () => {
    expect(profileHash({ ...profile, checks: { 'a/b/d': 'SHOULD', 'a/b/c': 'MUST' } })).toBe(profileHash(profile));
    expect(profileHash({ ...profile, checks: { ...profile.checks, 'a/b/d': 'MUST' } })).not.toBe(profileHash(profile));
  });

  test('a bump versions only the revisions whose set changed, by day and count', () => {
    const checks = [
      { id: 'a/b/c', revision: '2026-07-28' as const, level: 'MUST' as const },
      { id: 'a/b/d', revision: '2026-07-28' as const, level: 'SHOULD' as const },
    ];
    expect(bumpProfiles([profile], checks, '2026-12-09').profiles[0]).toBe(profile);
    const grown = bumpProfiles(
      [profile],
      [...checks, { id: 'a/b/e', revision: '2026-07-28', level: 'MAY' }],
      '2026-12-09',
    );
    expect(grown.changed).toEqual(['2026-07-28', '2025-11-25']);
    expect(grown.profiles[0].version).toBe('2026-12-09.1');
    expect(nextVersion('2026-12-09.1', '2026-12-09')).toBe('2026-12-09.2');
  });

  test('the shipped profiles name both revisions, and every check they score exists', () => {
    expect(FROZEN_PROFILES.map((p) => p.revision).sort()).toEqual(['2025-11-25', '2026-07-28']);
    const known = new Set(ALL_CHECKS.map((c) => c.id));
    for (const profile of FROZEN_PROFILES) {
      expect(profile.version).toMatch(/^\d{4}-\d\d-\d\d\.\d+$/);
      expect(Object.keys(profile.checks).filter((id) => !known.has(id))).toEqual([]);
    }
  });
});
