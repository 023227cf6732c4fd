// Maintenance: freezes today's checks as the scored profile of each revision whose set changed.
//   npm run profile-bump            write suites/profiles.ts
//   npm run profile-bump -- --dry   only say what would change (the pending checks)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pendingReason, profileHash, profileName } from '../../harness/results/check-profile.js';
import { ALL_CHECKS } from '../../suites/index.js';
import { FROZEN_PROFILES } from '../../suites/profiles.js';
import { bumpProfiles, renderProfiles } from './bump.js';
import { scriptArgs } from '../shared/script-args.js';

const FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../suites/profiles.ts');
const USAGE = `Usage: npm run profile-bump -- [options]
  --dry   only say what would change (the pending checks); write nothing`;
const dry = scriptArgs(USAGE, { dry: { type: 'boolean' } }).dry === true;
const today = new Date().toISOString().slice(0, 10);

for (const profile of FROZEN_PROFILES) {
  const pending = ALL_CHECKS.filter((check) => check.revision === profile.revision && pendingReason(check, profile));
  console.log(
    `${profileName(profile)} (${profileHash(profile)}): ${pending.length} pending check(s)${pending.length ? `: ${pending.map((c) => c.id).join(', ')}` : ''}`,
  );
}
const { profiles, changed } = bumpProfiles(FROZEN_PROFILES, ALL_CHECKS, today);
if (changed.length === 0) console.log('every profile already scores every check: nothing to bump');
else if (dry) console.log(`would bump ${changed.join(', ')}`);
else {
  fs.writeFileSync(FILE, renderProfiles(profiles));
  for (const profile of profiles.filter((p) => changed.includes(p.revision)))
    console.log(`bumped to ${profileName(profile)} (${profileHash(profile)})`);
}
