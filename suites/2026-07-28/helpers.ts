// Small helpers the 2026-07-28 checks share.
import { offers, type ServerProfile } from '../../harness/lifecycles/profile.js';

/** A request every server answers, preferring a plain list method over server/discover. */
export function cheapListMethod(profile: ServerProfile): string {
  if (offers(profile, 'tools')) return 'tools/list';
  if (offers(profile, 'prompts')) return 'prompts/list';
  if (offers(profile, 'resources')) return 'resources/list';
  return 'server/discover';
}

/** A dual-era server also answers legacy traffic, which changes what a request without _meta means. */
export function isDualEra(profile: ServerProfile): boolean {
  return (profile.supportedVersions ?? []).some((version) => version < '2026-07-28');
}
