// Conformance levels of a run, in the manner of the Kubernetes Gateway API: per revision, Core is
// every applicable MUST outside the capability areas; Extended is, for each capability the server
// declares, the MUSTs of its areas (capability-areas.ts); Authorization, for a protected server,
// is one more such level. A failure breaks a level, an error or an
// unstable verdict leaves it inconclusive, skips are listed and never count as passes, and a
// level with no MUST that ran is not tested. Computed from the checks alone, so older results
// files get it on read.
import { isScored } from './check-profile.js';
import { AUTHORIZATION, CAPABILITY_AREAS, capabilityOfArea, declares } from './capability-areas.js';
import type { Revision, Verdict } from './vocabulary.js';
import type { CheckResult, RunResults } from './results.js';
import type {
  CapabilityConformance,
  ConformanceItem,
  ConformanceScope,
  ConformanceStatement,
  ConformanceStatus,
  RevisionConformance,
} from './conformance-types.js';

export type {
  CapabilityConformance,
  ConformanceItem,
  ConformanceScope,
  ConformanceStatement,
  ConformanceStatus,
  RevisionConformance,
} from './conformance-types.js';

const INCONCLUSIVE: readonly Verdict[] = ['error', 'unstable'];

function scope(checks: CheckResult[]): ConformanceScope {
  const item = (c: CheckResult): ConformanceItem => ({
    id: c.id,
    verdict: c.verdict,
    ...(c.reason === undefined ? {} : { reason: c.reason }),
  });
  const musts = checks.filter((c) => c.level === 'MUST');
  const ran = musts.filter((c) => c.verdict !== 'skip');
  const failures = ran.filter((c) => c.verdict === 'fail').map(item);
  const inconclusive = ran.filter((c) => INCONCLUSIVE.includes(c.verdict)).map(item);
  const passed = ran.filter((c) => c.verdict === 'pass' || c.verdict === 'warn').length;
  const status: ConformanceStatus =
    failures.length > 0
      ? 'not-conformant'
      : inconclusive.length > 0
        ? 'inconclusive'
        : passed > 0
          ? 'conformant'
          : 'not-tested';
  return {
    status,
    applicable: ran.length,
    passed,
    failures,
    inconclusive,
    skipped: musts.filter((c) => c.verdict === 'skip').map(item),
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "conformant", "2 failures", "inconclusive (1 error)", "not tested (3 skipped)". */
export function scopeText(s: ConformanceScope): string {
  if (s.status === 'conformant') return 'conformant';
  if (s.status === 'not-conformant') return plural(s.failures.length, 'failure');
  if (s.status === 'inconclusive') return `inconclusive (${plural(s.inconclusive.length, 'check')} without a verdict)`;
  return s.skipped.length > 0 ? `not tested (${s.skipped.length} skipped)` : 'not tested';
}

function statementOf(
  revision: Revision,
  core: ConformanceScope,
  extended: CapabilityConformance[],
  error: string | undefined,
): string {
  if (error) return `${revision}: not run (${error})`;
  const parts = [core.status === 'conformant' ? 'Core conformant' : `Core ${scopeText(core)}`];
  const good = extended.filter((e) => e.status === 'conformant').map((e) => e.capability);
  if (good.length > 0) parts.push(`${good.join(' + ')} conformant`);
  for (const e of extended.filter((x) => x.status === 'not-conformant' || x.status === 'inconclusive'))
    parts.push(`${e.capability}: ${scopeText(e)}`);
  // Declared capabilities none of whose MUSTs ran: one part, not one each.
  const untested = extended.filter((e) => e.status === 'not-tested').map((e) => e.capability);
  if (untested.length > 0) parts.push(`${untested.join(', ')}: not tested`);
  if (extended.length === 0) parts.push('no capabilities declared');
  return `${revision}: ${parts.join('; ')}`;
}

function partialReason(results: RunResults): string | undefined {
  const reasons: string[] = [];
  if (results.options.select?.length) reasons.push(`only checks matching ${results.options.select.join(', ')}`);
  if (results.options.skip?.length) reasons.push(`skipping ${results.options.skip.join(', ')}`);
  if (results.shard) reasons.push(`shard ${results.shard.index}/${results.shard.count}`);
  return reasons.length > 0 ? reasons.join('; ') : undefined;
}

export function computeConformance(
  results: Pick<RunResults, 'revisions' | 'checks' | 'options' | 'shard'>,
): ConformanceStatement {
  const revisions = results.revisions.map((run): RevisionConformance => {
    // Pending checks (check-profile.ts) are not part of the level the profile defines.
    const checks = results.checks.filter((c) => c.revision === run.revision && isScored(c));
    const capabilities = run.profile?.capabilities;
    const protectedServer = checks.some((c) => AUTHORIZATION.areas.includes(c.area) && c.verdict !== 'skip');
    const declared = [
      ...CAPABILITY_AREAS.filter((entry) => declares(capabilities, entry.capability)).map((entry) => entry.capability),
      ...(protectedServer ? [AUTHORIZATION.capability] : []),
    ];
    // A capability the server does not declare is not claimed; its checks that still ran (what a
    // server without it must do) are core. Authorization is never core (it is claimed by protection).
    const inCore = (c: CheckResult) => {
      const capability = capabilityOfArea(c.area);
      if (capability === AUTHORIZATION.capability) return false;
      return capability === undefined || !declared.includes(capability);
    };
    const core = scope(checks.filter(inCore));
    const extended = declared.map((capability) => ({
      capability,
      ...scope(checks.filter((c) => capabilityOfArea(c.area) === capability)),
    }));
    const coreOrError = run.error ? { ...core, status: 'inconclusive' as const } : core;
    return {
      revision: run.revision,
      core: coreOrError,
      extended,
      ...(run.error ? { error: run.error } : {}),
      statement: statementOf(run.revision, coreOrError, extended, run.error),
    };
  });
  const partial = partialReason(results as RunResults);
  return partial ? { revisions, partial } : { revisions };
}

/** The recorded statement is a copy: verdicts can change after the run (--strict, a baseline), so it is computed again. */
export function conformanceOf(results: RunResults): ConformanceStatement {
  return computeConformance(results);
}

/** The statement lines for people: one per revision, and why the run is partial. */
export function conformanceLines(statement: ConformanceStatement): string[] {
  const lines = statement.revisions.map((r) => r.statement);
  if (statement.partial && lines.length > 0)
    lines.push(`partial run (${statement.partial}): not a conformance claim for the whole revision`);
  return lines;
}
