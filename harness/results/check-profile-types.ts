// The shapes of frozen profiles and of the stamp a results file's revision carries (check-profile.ts).
import type { Level, Revision } from './vocabulary.js';

export interface FrozenProfile {
  revision: Revision;
  /** `<date>.<n>`: the day it was frozen and the bump of that day. */
  version: string;
  /** Every scored check id and the level it is scored at. */
  checks: Readonly<Record<string, Level>>;
}

/** What a revision of a results file was judged against. */
export interface ProfileStamp {
  /** `2026-07-28@2026-12-06.1`. */
  name: string;
  /** `sha256:` and the first 16 hex digits of the hash of the profile's checks and levels. */
  hash: string;
  /** Checks that ran but are not in the profile (or are at another level): shown, not scored. */
  pending: number;
  /** Checks of the profile the running version no longer has (when the run knew its whole suite). */
  retired?: number;
}
