// Freezing the check set: a revision's new profile is the checks (and levels) the suites have
// today; it gets a new version only when that set differs from the frozen one.
import type { FrozenProfile } from '../../harness/results/check-profile.js';
import type { Level, Revision } from '../../harness/model.js';
import { REVISIONS } from '../../harness/model.js';

export interface CheckLevel {
  id: string;
  revision: Revision;
  level: Level;
}

function sameChecks(a: Readonly<Record<string, Level>>, b: Readonly<Record<string, Level>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((id) => b[id] === a[id]);
}

/** The next version after `previous` on `today` (YYYY-MM-DD): the day's first is `.1`, a second bump the same day `.2`. */
export function nextVersion(previous: string | undefined, today: string): string {
  const match = previous?.match(/^(\d{4}-\d\d-\d\d)\.(\d+)$/);
  return match && match[1] === today ? `${today}.${Number(match[2]) + 1}` : `${today}.1`;
}

/** The profiles after a bump, and which revisions changed. */
export function bumpProfiles(
  current: readonly FrozenProfile[],
  checks: readonly CheckLevel[],
  today: string,
): { profiles: FrozenProfile[]; changed: Revision[] } {
  const changed: Revision[] = [];
  const profiles = REVISIONS.map((revision): FrozenProfile => {
    const now: Record<string, Level> = {};
    for (const check of [...checks].filter((c) => c.revision === revision).sort((x, y) => x.id.localeCompare(y.id)))
      now[check.id] = check.level;
    const frozen = current.find((profile) => profile.revision === revision);
    if (frozen && sameChecks(frozen.checks, now)) return frozen;
    changed.push(revision);
    return { revision, version: nextVersion(frozen?.version, today), checks: now };
  });
  return { profiles, changed };
}

/** suites/profiles.ts for these profiles. */
export function renderProfiles(profiles: readonly FrozenProfile[]): string {
  const lines = [
    '// The frozen profiles: the checks, and their levels, that each revision is scored on',
    '// (harness/results/check-profile.ts). A check not listed here runs and is shown as pending.',
    '// Written by `npm run profile-bump` when a release should score new checks; never by hand.',
    "import type { Level, Revision } from '../harness/model.js';",
    '',
    // As Biome formats it at width 120, so a bump leaves `npm run lint` clean.
    'export const FROZEN_PROFILES: ReadonlyArray<{',
    '  revision: Revision;',
    '  version: string;',
    '  checks: Readonly<Record<string, Level>>;',
    '}> = [',
  ];
  for (const profile of profiles) {
    lines.push('  {', `    revision: '${profile.revision}',`, `    version: '${profile.version}',`, '    checks: {');
    for (const [id, level] of Object.entries(profile.checks)) lines.push(`      '${id}': '${level}',`);
    lines.push('    },', '  },');
  }
  lines.push('];', '');
  return lines.join('\n');
}
