// interop/expectations.yaml: every non-pass verdict of the lab, with why. Parsing is strict (a
// typo must not silently explain a cell) and the comparison is pure, so both are unit-tested.
import YAML from 'yaml';
import { isRevision, type Revision, type Verdict } from '../../harness/results/vocabulary.js';
import type { CellKind } from './launch.js';
import { reasonClassOf } from './reason-class.js';

export const KINDS = ['defect', 'spec-contradiction', 'not-offered', 'harness-limit'] as const;
export type Kind = (typeof KINDS)[number];
const LISTED_VERDICTS: readonly Verdict[] = ['fail', 'warn', 'error', 'unstable', 'skip'];
/** The key under a revision that pins skipped checks grouped by their reason. */
export const SKIPPED_KEY = 'skipped';

export interface Expectation {
  verdict: Verdict;
  kind: Kind;
  why: string;
  repro?: string;
  /** The kind of assertion the verdict rests on (reason-class.ts); when recorded, a changed one is a difference. */
  reason?: string;
}

export interface RevisionExpectations {
  checks: Map<string, Expectation>;
  /** Pinned skips: check id -> the reason recorded when it was pinned. */
  skipped: Map<string, string>;
}

/** impl id -> transport -> revision -> what that cell's non-passes are. */
export type Expectations = Map<string, Map<CellKind, Map<Revision, RevisionExpectations>>>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseExpectation(value: unknown, where: string, problems: string[]): Expectation | undefined {
  if (!isObject(value)) return void problems.push(`${where}: must be a mapping with verdict, kind, why`);
  const { verdict, kind, why, repro, reason } = value;
  const before = problems.length;
  if (typeof verdict !== 'string' || !LISTED_VERDICTS.includes(verdict as Verdict))
    problems.push(`${where}.verdict: must be one of ${LISTED_VERDICTS.join(', ')}`);
  if (typeof kind !== 'string' || !(KINDS as readonly string[]).includes(kind))
    problems.push(`${where}.kind: must be one of ${KINDS.join(', ')}`);
  if (typeof why !== 'string' || why.trim().length < 10)
    problems.push(`${where}.why: the spec sentence and what the server does instead`);
  if (kind === 'defect' && (typeof repro !== 'string' || repro.trim() === ''))
    problems.push(`${where}.repro: required for a defect`);
  if (reason !== undefined && typeof reason !== 'string') problems.push(`${where}.reason: the reason class, a string`);
  for (const key of Object.keys(value))
    if (!['verdict', 'kind', 'why', 'repro', 'reason'].includes(key)) problems.push(`${where}.${key}: unknown field`);
  if (problems.length > before) return undefined;
  return {
    verdict: verdict as Verdict,
    kind: kind as Kind,
    why: why as string,
    ...(typeof repro === 'string' ? { repro } : {}),
    ...(typeof reason === 'string' ? { reason } : {}),
  };
}

function parseSkipped(value: unknown, where: string, problems: string[]): Map<string, string> {
  const skipped = new Map<string, string>();
  if (!isObject(value)) return (problems.push(`${where}: must map a reason to a list of check ids`), skipped);
  for (const [reason, ids] of Object.entries(value)) {
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string'))
      problems.push(`${where}["${reason}"]: must be a list of check ids`);
    else for (const id of ids) skipped.set(id, reason);
  }
  return skipped;
}

function parseRevision(value: unknown, revision: Revision, where: string, problems: string[]): RevisionExpectations {
  const checks = new Map<string, Expectation>();
  let skipped = new Map<string, string>();
  if (!isObject(value)) return (problems.push(`${where}: must be a mapping of check ids`), { checks, skipped });
  for (const [key, entry] of Object.entries(value)) {
    if (key === SKIPPED_KEY) skipped = parseSkipped(entry, `${where}.${SKIPPED_KEY}`, problems);
    else if (!key.startsWith(`${revision}/`))
      problems.push(`${where}.${key}: a check id of this revision starts with "${revision}/"`);
    else {
      const expectation = parseExpectation(entry, `${where}.${key}`, problems);
      if (expectation) checks.set(key, expectation);
    }
  }
  for (const id of skipped.keys()) {
    if (!id.startsWith(`${revision}/`))
      problems.push(`${where}.${SKIPPED_KEY}: ${id} is not a check id of ${revision}`);
    if (checks.has(id)) problems.push(`${where}: ${id} is both listed and pinned as skipped`);
  }
  return { checks, skipped };
}

/** Parses the YAML text; throws one Error listing every problem. */
export function parseExpectations(text: string, file = 'interop/expectations.yaml'): Expectations {
  return parseExpectationsValue(YAML.parse(text) ?? {}, file);
}

/** The same, of a parsed mapping (interop/published.yaml keeps its own under `expectations`). */
export function parseExpectationsValue(raw: unknown, file: string): Expectations {
  const problems: string[] = [];
  const out: Expectations = new Map();
  if (!isObject(raw)) throw new Error(`${file}: must be a mapping of implementation ids`);
  for (const [impl, transports] of Object.entries(raw)) {
    const byTransport = new Map<CellKind, Map<Revision, RevisionExpectations>>();
    out.set(impl, byTransport);
    if (!isObject(transports)) {
      problems.push(`${impl}: must map stdio/http/http-auth to revisions`);
      continue;
    }
    for (const [transport, revisions] of Object.entries(transports)) {
      if (transport !== 'stdio' && transport !== 'http' && transport !== 'http-auth') {
        problems.push(`${impl}.${transport}: the cell is stdio, http or http-auth`);
        continue;
      }
      const byRevision = new Map<Revision, RevisionExpectations>();
      byTransport.set(transport, byRevision);
      if (!isObject(revisions)) {
        problems.push(`${impl}.${transport}: must map revisions to checks`);
        continue;
      }
      for (const [revision, checks] of Object.entries(revisions)) {
        if (!isRevision(revision)) problems.push(`${impl}.${transport}.${revision}: not a revision`);
        else byRevision.set(revision, parseRevision(checks, revision, `${impl}.${transport}.${revision}`, problems));
      }
    }
  }
  if (problems.length > 0) throw new Error(`${file}:\n  ${problems.join('\n  ')}`);
  return out;
}

/** What one cell's run produced, as far as the comparison needs it. */
export interface CellRun {
  checks: { id: string; revision: Revision; verdict: Verdict; reason?: string }[];
  revisions: { revision: Revision; error?: string }[];
}

export interface Difference {
  check: string;
  expected: string;
  actual: string;
}

/** A skip decided by the check's own transport list, the same for every server on that transport. */
export const isTransportSkip = (reason: string | undefined): boolean =>
  /^applies to .+ only; this target is (stdio|http)(: .+)?$/.test(reason ?? '');

/** Every way the cell's verdicts differ from what is expected of it. */
export function compareCell(run: CellRun, expected: Map<Revision, RevisionExpectations> | undefined): Difference[] {
  const differences: Difference[] = [];
  const seen = new Set<string>();
  const revisionOf = (revision: Revision) =>
    expected?.get(revision) ?? { checks: new Map<string, Expectation>(), skipped: new Map<string, string>() };
  for (const check of run.checks) {
    seen.add(check.id);
    const { checks, skipped } = revisionOf(check.revision);
    const listed = checks.get(check.id);
    const pinnedSkip = skipped.get(check.id);
    const actual = check.reason ? `${check.verdict} (${check.reason})` : check.verdict;
    if (check.verdict === 'skip' && isTransportSkip(check.reason)) continue;
    if (listed) {
      if (listed.verdict !== check.verdict)
        differences.push({ check: check.id, expected: `${listed.verdict} (${listed.kind})`, actual });
      else if (listed.reason !== undefined && listed.reason !== reasonClassOf(check.reason)) {
        differences.push({
          check: check.id,
          expected: `${listed.verdict} for the reason "${listed.reason}"`,
          actual: `${check.verdict} for the reason "${reasonClassOf(check.reason)}" (${check.reason})`,
        });
      }
    } else if (pinnedSkip !== undefined) {
      if (check.verdict !== 'skip') differences.push({ check: check.id, expected: `skip (${pinnedSkip})`, actual });
    } else if (check.verdict !== 'pass') {
      differences.push({ check: check.id, expected: 'pass', actual });
    }
  }
  for (const state of run.revisions) {
    if (state.error)
      differences.push({ check: state.revision, expected: 'the revision is run', actual: `error: ${state.error}` });
  }
  for (const [revision, { checks, skipped }] of expected ?? []) {
    const state = run.revisions.find((r) => r.revision === revision);
    if (!state) differences.push({ check: revision, expected: 'the revision is run', actual: 'not run' });
    if (!state || state.error) continue;
    for (const id of [...checks.keys(), ...skipped.keys()]) {
      if (!seen.has(id))
        differences.push({ check: id, expected: checks.get(id)?.verdict ?? 'skip', actual: 'absent from the run' });
    }
  }
  return differences;
}
