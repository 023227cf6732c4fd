// The server profile as the results file shows it (names only), for check and fuzz runs alike.
import type { ServerProfile } from '../lifecycles/profile.js';
import type { ProfileSummary } from '../results/results.js';

export function summarizeProfile(profile: ServerProfile): ProfileSummary {
  const names = (items: Record<string, unknown>[], key: string) => items.map((item) => String(item[key] ?? '?'));
  return {
    serverInfo: profile.serverInfo,
    capabilities: profile.capabilities,
    supportedVersions: profile.supportedVersions,
    protocolVersion: profile.protocolVersion,
    tools: names(profile.tools, 'name'),
    resources: names(profile.resources, 'uri'),
    resourceTemplates: names(profile.resourceTemplates, 'uriTemplate'),
    prompts: names(profile.prompts, 'name'),
    problems: profile.problems,
  };
}
