// --suggest: the YAML a reviewer starts from for a cell that differs. Every verdict gets a
// placeholder why and kind to decide; nothing here is an explanation until a person writes one.
import YAML from 'yaml';
import type { Revision, Verdict } from '../../harness/results/vocabulary.js';
import { isTransportSkip } from './expectations.js';
import { reasonClassOf } from './reason-class.js';

/** A finding's reason class; an inconclusive verdict's reason is about time, so none is pinned. */
function findingReason(check: { verdict: Verdict; reason?: string }): { reason?: string } {
  return check.verdict === 'fail' || check.verdict === 'warn' ? { reason: reasonClassOf(check.reason) } : {};
}

export function suggestYaml(
  impl: string,
  transport: string,
  checks: { id: string; revision: Revision; verdict: Verdict; reason?: string }[],
): string {
  const byRevision: Record<string, Record<string, unknown>> = {};
  for (const check of checks) {
    if (check.verdict === 'pass' || (check.verdict === 'skip' && isTransportSkip(check.reason))) continue;
    const revision = (byRevision[check.revision] ??= {});
    if (check.verdict === 'skip') {
      const skipped = (revision.skipped ??= {}) as Record<string, string[]>;
      (skipped[check.reason ?? 'no reason given'] ??= []).push(check.id);
    } else {
      revision[check.id] = {
        verdict: check.verdict,
        kind: 'TODO',
        why: `TODO (the run said: ${check.reason ?? 'no reason'})`,
        ...findingReason(check),
      };
    }
  }
  return YAML.stringify({ [impl]: { [transport]: byRevision } }, { lineWidth: 0 });
}
