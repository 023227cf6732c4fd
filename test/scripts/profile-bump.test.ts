// The profile bump writes suites/profiles.ts: what it writes for the current profiles is the file
// as it stands, so a bump changes only what it should and leaves `npm run lint` clean.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { renderProfiles } from '../../scripts/profile-bump/bump.js';
import { FROZEN_PROFILES } from '../../suites/profiles.js';
import { PROJECT_ROOT } from '../helpers/fixture-process.js';

test('renderProfiles of the frozen profiles is suites/profiles.ts, byte for byte', () => {
  const file = readFileSync(path.join(PROJECT_ROOT, 'suites/profiles.ts'), 'utf8');
  expect(renderProfiles(FROZEN_PROFILES)).toBe(file);
});
