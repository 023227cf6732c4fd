// The server profile as the results file shows it (names only), for check and fuzz runs alike.
import type { ServerProfile } from '../lifecycles/profile.js';
import type { ProfileSummary } from '../results/results.js';
import { abridge, CUT_MARK, shortenString } from '../recorder/abridge.js';

/** Names listed at most; a server with thousands of tools gets a count of the rest. */
const MAX_NAMES = 1000;

export function summarizeProfile(profile: ServerProfile): ProfileSummary {
  const names = (items: Record<string, unknown>[], key: string) => {
    const kept = items.slice(0, MAX_NAMES).map((item) => shortenString(String(item[key] ?? '?'), 256));
    return items.length > MAX_NAMES ? [...kept, `${CUT_MARK} ${items.length - MAX_NAMES} more not listed`] : kept;
  };
  return {
    serverInfo: abridge(profile.serverInfo),
    capabilities: abridge(profile.capabilities),
    supportedVersions: profile.supportedVersions,
    protocolVersion: profile.protocolVersion,
    tools: names(profile.tools, 'name'),
    resources: names(profile.resources, 'uri'),
    resourceTemplates: names(profile.resourceTemplates, 'uriTemplate'),
    prompts: names(profile.prompts, 'name'),
    problems: profile.problems.map((problem) => shortenString(problem, 1000)),
  };
}
