// `report merge` for fuzz runs: the properties of each shard (or of each file) joined into one
// fuzz section, as if the run had not been split. A property in two files is a conflict, as a
// check is; campaigns split across shards are summed back into one.
import { REVISIONS } from './vocabulary.js';
import type { FuzzCampaignSummary, FuzzResults } from './fuzz-results.js';
import type { RunResults } from './results.js';
import { MergeError } from './merge-error.js';

interface Input {
  file: string;
  results: RunResults;
}

/** One campaign summary from the parts of it each shard ran (same campaign, same seed). */
function joinCampaign(parts: FuzzCampaignSummary[]): FuzzCampaignSummary {
  if (parts.length === 1) return parts[0];
  const sum = (pick: (c: FuzzCampaignSummary) => number | undefined) =>
    parts.reduce((total, c) => total + (pick(c) ?? 0), 0);
  const properties = parts.flatMap((c) => c.properties ?? []).sort((a, b) => a.id.localeCompare(b.id));
  return {
    ...parts[0],
    runs: sum((c) => c.runs),
    durationMs: sum((c) => c.durationMs),
    findings: sum((c) => c.findings),
    warnings: sum((c) => c.warnings),
    restarts: sum((c) => c.restarts),
    properties: parts.some((c) => c.properties) ? properties : undefined,
  };
}

function mergeCampaigns(inputs: Input[]): FuzzCampaignSummary[] {
  const owner = new Map<string, string>();
  const groups = new Map<string, FuzzCampaignSummary[]>();
  for (const { file, results } of inputs) {
    for (const campaign of results.fuzz?.campaigns ?? []) {
      for (const property of campaign.properties ?? []) {
        const seen = owner.get(property.id);
        if (seen)
          throw new MergeError(
            `fuzz property ${property.id} is in both ${seen} and ${file}; shards of one run never share a property`,
          );
        owner.set(property.id, file);
      }
      const key = `${campaign.campaign}\u0000${campaign.seed}`;
      groups.set(key, [...(groups.get(key) ?? []), campaign]);
    }
  }
  const rank = (c: FuzzCampaignSummary) => REVISIONS.indexOf(c.revision ?? (c.campaign.split('/')[0] as never));
  return [...groups.values()]
    .map(joinCampaign)
    .sort((a, b) => rank(a) - rank(b) || a.campaign.localeCompare(b.campaign) || a.seed - b.seed);
}

export function mergeFuzz(inputs: Input[]): FuzzResults | undefined {
  const fuzzed = inputs.filter((i) => i.results.fuzz);
  if (fuzzed.length === 0) return undefined;
  const budget = (i: Input) => JSON.stringify(i.results.fuzz!.budget ?? null);
  const other = fuzzed.find((i) => budget(i) !== budget(fuzzed[0]));
  if (other)
    throw new MergeError(
      `${other.file} was fuzzed with another budget than ${fuzzed[0].file} (${budget(other)} vs ${budget(fuzzed[0])}); merge only shards of one run`,
    );
  const campaigns = mergeCampaigns(fuzzed);
  const findings = fuzzed.flatMap((i) => i.results.fuzz!.findings);
  const warnings = fuzzed.flatMap((i) => i.results.fuzz!.warnings ?? []);
  const ids = [...findings, ...warnings].map((f) => f.id);
  const twice = ids.find((id, index) => ids.indexOf(id) !== index);
  if (twice)
    throw new MergeError(`fuzz finding ${twice} is in more than one file; shards of one run never share a property`);
  const seeds = [...new Set(fuzzed.map((i) => i.results.fuzz!.seed))];
  return {
    campaigns,
    findings,
    warnings,
    // One seed when every shard used it; else each campaign keeps its own.
    seed: seeds.length === 1 ? seeds[0] : undefined,
    budget: fuzzed[0].results.fuzz!.budget,
    errors: fuzzed.flatMap((i) => i.results.fuzz!.errors ?? []),
  };
}
