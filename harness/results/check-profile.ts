// Frozen profiles: the set of checks (and their levels) a revision's conformance is scored on,
// versioned as `<revision>@<date>.<n>`. A check the running mcp-conform has but the profile does
// not (new, or at another level) runs and is shown as pending, and counts for nothing until the
// profile is bumped (`npm run profile-bump`), so upgrading the tool never silently moves a
// server's level. The hash names the exact set, so two reports can be compared by it.
import { createHash } from 'node:crypto';
import type { CheckResult, RunResults } from './results.js';
import type { FrozenProfile, ProfileStamp } from './check-profile-types.js';

export type { FrozenProfile, ProfileStamp } from './check-profile-types.js';

export const profileName = (profile: FrozenProfile): string => `${profile.revision}@${profile.version}`;

/** The hash of a profile's check set: sorted `id level` lines, so order and formatting do not matter. */
export function profileHash(profile: FrozenProfile): string {
  const lines = Object.entries(profile.checks)
    .map(([id, level]) => `${id} ${level}\n`)
    .sort();
  return `sha256:${createHash('sha256').update(lines.join('')).digest('hex').slice(0, 16)}`;
}

/** Why a check is pending under the profile, or undefined when the profile scores it. */
export function pendingReason(check: Pick<CheckResult, 'id' | 'level'>, profile: FrozenProfile): string | undefined {
  const frozen = profile.checks[check.id];
  if (frozen === undefined)
    return `not in profile ${profileName(profile)}: shown, not scored until the profile is bumped`;
  if (frozen !== check.level)
    return `${check.level} here, ${frozen} in profile ${profileName(profile)}: shown, not scored until the profile is bumped`;
  return undefined;
}

/** Whether a check counts towards the summary, the outcome and the conformance statement. */
export const isScored = (check: Pick<CheckResult, 'pending'>): boolean => check.pending === undefined;

/**
 * Marks the checks each revision's profile does not score and stamps the revision with the
 * profile. A revision without a profile is scored on every check it ran (and carries no stamp).
 */
export function stampProfiles(
  results: Pick<RunResults, 'revisions' | 'checks'>,
  profiles: readonly FrozenProfile[],
  /** Every check id the running version has, to count the profile's retired ones. */
  known?: ReadonlySet<string>,
): Pick<RunResults, 'revisions' | 'checks'> {
  const byRevision = new Map(profiles.map((profile) => [profile.revision, profile]));
  const checks = results.checks.map((check): CheckResult => {
    const profile = byRevision.get(check.revision);
    const pending = profile && pendingReason(check, profile);
    const { pending: _old, ...rest } = check;
    return pending ? { ...rest, pending } : rest;
  });
  const revisions = results.revisions.map((run) => {
    const profile = byRevision.get(run.revision);
    if (!profile) return run;
    const own = checks.filter((check) => check.revision === run.revision);
    const stamp: ProfileStamp = {
      name: profileName(profile),
      hash: profileHash(profile),
      pending: own.filter((check) => !isScored(check)).length,
    };
    if (known) stamp.retired = Object.keys(profile.checks).filter((id) => !known.has(id)).length;
    return { ...run, checkProfile: stamp };
  });
  return { revisions, checks };
}
