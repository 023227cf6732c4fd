// The rules that turn how a check ended into its verdict, in the order they apply:
//   1. applicability: a check for another transport, or for a feature the server does not offer, skips with the reason;
//   2. outcome: a return passes; a failure fails at MUST (and SHOULD under --strict), else warns; an error is no verdict;
//   3. time only: a fail or warn that rests on a request nobody answered in time is inconclusive, unless the
//      server is proven to have read it (a barrier after it was answered): then the silence is its choice;
//   4. unknown list: a skip that may rest on a list discovery never heard answered is inconclusive;
//   5. interrupted: a check cut short by Ctrl-C has no verdict of its own.
// Confirmation (confirm.ts) then settles a non-pass against a second, lone run.
import type { Check } from '../checks/check.js';
import { CheckFailure, CheckInconclusive, CheckSkip, CheckWarning, type Evidence } from '../checks/outcome.js';
import { describeMissing, offers, type ServerProfile } from '../lifecycles/profile.js';
import type { Feature, TransportKind, Verdict } from '../model.js';
import type { WireEntry } from '../recorder/wire-log.js';
import { INTERRUPTED } from './confirm.js';

/** The check ran past its backstop: the harness stopped waiting for it as a whole. */
export class CheckTimeout extends Error {}

export interface Outcome {
  verdict: Verdict;
  reason?: string;
  evidence?: Evidence;
}

/** What the rules after the outcome read: the check's own wire entries, the profile, whether the run was stopped. */
export interface VerdictFacts {
  own: WireEntry[];
  profile: ServerProfile | undefined;
  interrupted: boolean;
}

/** Rule 1: why the check does not apply to this target and server, or undefined when it does. */
export function notApplicable(check: Check, transport: TransportKind, profile: ServerProfile): string | undefined {
  if (!check.transports.includes(transport))
    return `applies to ${check.transports.join(' and ')} only; this target is ${transport}${check.elsewhere ? `: ${check.elsewhere}` : ''}`;
  if (profile.notServed) return profile.notServed;
  for (const feature of check.requires ?? []) {
    if (!offers(profile, feature)) return describeMissing(feature, profile);
  }
  return undefined;
}

/** Rule 2: the verdict of how `run` ended (`undefined`: it returned). */
export function verdictFor(check: Check, error: unknown, strict: boolean): Outcome {
  if (error === undefined) return { verdict: 'pass' };
  if (error instanceof CheckSkip) return { verdict: 'skip', reason: error.reason };
  if (error instanceof CheckWarning) return { verdict: 'warn', reason: error.reason, evidence: error.evidence };
  if (error instanceof CheckFailure) {
    const failing = check.level === 'MUST' || (strict && check.level === 'SHOULD');
    return { verdict: failing ? 'fail' : 'warn', reason: error.reason, evidence: error.evidence };
  }
  if (error instanceof CheckTimeout) return { verdict: 'error', reason: error.message };
  if (error instanceof CheckInconclusive)
    return { verdict: 'error', reason: `inconclusive: ${error.reason}`, evidence: error.evidence };
  const message = error instanceof Error ? error.message : String(error);
  return {
    verdict: 'error',
    reason: `harness error: ${message}`,
    evidence: { actual: error instanceof Error ? error.stack : undefined },
  };
}

/** Said of a verdict that rests on silence the server chose: time did not decide it. */
export const CHOSEN_SILENCE = ' (silence by choice: a later request was answered)';

/**
 * Rule 3: a fail or warn that rests on a request nobody answered in time says nothing about the
 * server, unless the server is proven to have read it (`provesRead`): then its silence is a choice.
 */
export function timeOnly(check: Check, outcome: Outcome, facts: VerdictFacts): Outcome {
  if (check.timing || (outcome.verdict !== 'fail' && outcome.verdict !== 'warn')) return outcome;
  const read = new Set(facts.own.map((entry) => entry.provesRead).filter((seq) => seq !== undefined));
  const waits = facts.own.filter((entry) => (entry.timeout && !read.has(entry.seq)) || entry.overCap);
  if (waits.length === 0) {
    const chosen = facts.own.some((entry) => entry.timeout && read.has(entry.seq));
    return chosen ? { ...outcome, reason: `${outcome.reason ?? outcome.verdict}${CHOSEN_SILENCE}` } : outcome;
  }
  const said = waits
    .slice(0, 3)
    .map((entry) => entry.note)
    .join('; ');
  return {
    verdict: 'error',
    reason: `inconclusive: ${said} (the check would have said: ${outcome.reason ?? outcome.verdict})`,
    evidence: outcome.evidence,
  };
}

/** The list each feature's items come from. */
const LIST_OF: Record<Feature, string | undefined> = {
  tools: 'tools/list',
  toolsListChanged: 'tools/list',
  resources: 'resources/list',
  resourceSubscribe: 'resources/list',
  resourcesListChanged: 'resources/list',
  resourceTemplates: 'resources/templates/list',
  prompts: 'prompts/list',
  promptsListChanged: 'prompts/list',
  completions: undefined,
  logging: undefined,
};

/** Rule 4: a skip that may rest on a list that never answered in discovery says nothing. */
export function unknownList(check: Check, outcome: Outcome, facts: VerdictFacts): Outcome {
  const unanswered = facts.profile?.unansweredLists;
  if (outcome.verdict !== 'skip' || !unanswered) return outcome;
  const lists = [...new Set((check.requires ?? []).map((feature) => LIST_OF[feature]))].filter(
    (list) => list !== undefined && unanswered.includes(list),
  );
  if (lists.length === 0) return outcome;
  return {
    verdict: 'error',
    reason: `inconclusive: ${lists.join(' and ')} got no answer in discovery (none in time, or one over the line cap), so what the server offers is unknown (the check would have said: ${outcome.reason ?? 'skip'})`,
  };
}

/** Rule 5: a check cut short by Ctrl-C has no honest verdict of its own; a skip stands. */
export function interrupted(_check: Check, outcome: Outcome, facts: VerdictFacts): Outcome {
  return facts.interrupted && outcome.verdict !== 'skip' ? { verdict: 'error', reason: INTERRUPTED } : outcome;
}

/** Rules 3 to 5, in the order they apply to the outcome of rules 1 and 2. */
const AFTER_OUTCOME = [timeOnly, unknownList, interrupted];

export function settleVerdict(check: Check, outcome: Outcome, facts: VerdictFacts): Outcome {
  return AFTER_OUTCOME.reduce((settled, rule) => rule(check, settled, facts), outcome);
}
