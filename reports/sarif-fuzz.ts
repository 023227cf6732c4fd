// Fuzz findings in SARIF: one rule per property with a finding, one result per finding,
// fingerprinted by the finding's signature. The signature leaves out the seed, ids and paths, so
// the same defect found by tomorrow's run on another seed is the same alert, and code scanning
// closes it once a run no longer reports it.
import { signatureOf } from '../harness/results/finding-signature.js';
import type { FuzzFinding } from '../harness/results/fuzz-results.js';
import type { RunResults } from '../harness/results/results.js';
import { oneLine } from './text.js';

type SarifLevel = 'error' | 'warning' | 'note';

const LEVEL: Record<string, SarifLevel> = { MUST: 'error', SHOULD: 'warning', MAY: 'note' };

/** The key GitHub matches a fuzz alert by across runs; `v1` changes only with the signature's normalisation. */
export const FINDING_FINGERPRINT = 'mcpConformFinding/v1';

const allFindings = (results: RunResults): FuzzFinding[] => [
  ...(results.fuzz?.findings ?? []),
  ...(results.fuzz?.warnings ?? []),
];

export function fuzzRules(results: RunResults) {
  const seen = new Set<string>();
  return allFindings(results)
    .filter((finding) => !seen.has(finding.id) && seen.add(finding.id))
    .map((finding) => ({
      id: finding.id,
      name: finding.id.split('/').at(-1),
      shortDescription: { text: finding.title ?? finding.id },
      fullDescription: { text: finding.requirement ?? finding.title ?? finding.id },
      ...(finding.spec ? { helpUri: finding.spec } : {}),
      help: {
        text: `${finding.level ?? 'MUST'}: ${finding.requirement ?? finding.title ?? ''}\n${finding.spec ?? ''}`,
      },
      defaultConfiguration: { level: LEVEL[finding.level ?? 'MUST'] ?? 'warning' },
      properties: { tags: ['mcp', 'fuzz', finding.revision ?? '', finding.level ?? 'MUST'].filter(Boolean) },
    }));
}

export function fuzzResults(results: RunResults, ruleIndex: (id: string) => number, location: string) {
  // Only a run compared with earlier findings can say which are new.
  const compared = (results.fuzz?.seenFindings?.length ?? 0) > 0;
  return allFindings(results).map((finding) => {
    const signature = signatureOf(finding);
    const seen = finding.seenIn ? ` (seen before, in ${finding.seenIn})` : '';
    return {
      ruleId: finding.id,
      ruleIndex: ruleIndex(finding.id),
      level: LEVEL[finding.level ?? 'MUST'] ?? 'warning',
      message: {
        text: `${oneLine(finding.message, 1000)}${seen} (${finding.transport ?? ''}; ${finding.level ?? 'MUST'} ${finding.spec ?? ''}); replay: ${finding.replayCommand}`,
      },
      locations: [{ physicalLocation: { artifactLocation: { uri: location }, region: { startLine: 1 } } }],
      partialFingerprints: { [FINDING_FINGERPRINT]: signature },
      ...(compared ? { baselineState: finding.seenIn ? 'unchanged' : 'new' } : {}),
      properties: { signature, seed: finding.seed, ...(finding.duplicates ? { duplicates: finding.duplicates } : {}) },
    };
  });
}
