// Builds the implementation matrix from results files: a column per run (one implementation over
// one transport), a row per check any of them has. A failure that only one implementation has,
// where another passes the same check, is marked: it is most likely that implementation's defect.
import { isScored } from './check-profile.js';
import { computeConformance } from './conformance.js';
import { withoutMachinePaths } from './machine-paths.js';
import { REVISIONS, VERDICTS, isObject, type Revision, type VerdictCounts } from './vocabulary.js';
import type { CheckResult, RunResults } from './results.js';
import {
  MATRIX_SCHEMA_VERSION,
  type ImplementationCell,
  type ImplementationColumn,
  type ImplementationMatrix,
  type ImplementationRow,
  type ImplementationTotals,
} from './implementation-matrix-types.js';

export * from './implementation-matrix-types.js';

export interface MatrixSource {
  results: RunResults;
  /** The results file as given, shown on the page. */
  file: string;
  /** A label chosen by the user (`--label file=Name`). */
  label?: string;
  /** The run's own HTML report, as a link relative to the matrix page. */
  report?: string;
}

const NAME_MAX = 80;
const REASON_MAX = 500;

function bounded(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function serverOf(results: RunResults): ImplementationColumn['server'] {
  const info = results.revisions?.map((run) => run.profile?.serverInfo).find(isObject);
  if (!info) return {};
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? bounded(value, NAME_MAX) : undefined);
  const name = text(info.name);
  const version = text(info.version);
  return { ...(name === undefined ? {} : { name }), ...(version === undefined ? {} : { version }) };
}

function totalsOf(all: CheckResult[]): ImplementationTotals {
  const checks = all.filter(isScored);
  const counts = Object.fromEntries(VERDICTS.map((v) => [v, 0])) as unknown as VerdictCounts;
  for (const check of checks) counts[check.verdict]++;
  const judged = checks.length - counts.skip;
  return {
    ...counts,
    total: checks.length,
    passRate: judged === 0 ? null : Math.round((counts.pass / judged) * 1000) / 10,
  };
}

/** Labels as asked, else name and version, else the target; a repeated one gets its transport, then a number. */
function labelsOf(sources: MatrixSource[]): string[] {
  const wanted = sources.map((source) => {
    if (source.label) return bounded(source.label, NAME_MAX);
    const server = serverOf(source.results);
    return (
      [server.name, server.version].filter(Boolean).join(' ') ||
      bounded(withoutMachinePaths(source.results.target?.description ?? source.file), NAME_MAX)
    );
  });
  const count = (list: string[], label: string) => list.filter((l) => l === label).length;
  const withTransport = wanted.map((label, i) =>
    count(wanted, label) > 1 ? `${label} (${sources[i].results.target?.transport ?? '?'})` : label,
  );
  return withTransport.map((label, i) =>
    count(withTransport, label) > 1
      ? `${label} #${withTransport.slice(0, i + 1).filter((l) => l === label).length}`
      : label,
  );
}

function column(source: MatrixSource, index: number, label: string): Omit<ImplementationColumn, 'uniqueFailures'> {
  const { results } = source;
  const revisions = REVISIONS.filter(
    (r) => results.revisions?.some((run) => run.revision === r) || results.checks.some((c) => c.revision === r),
  );
  const byRevision: ImplementationColumn['byRevision'] = {};
  for (const revision of revisions)
    byRevision[revision] = totalsOf(results.checks.filter((c) => c.revision === revision));
  return {
    key: `impl-${index + 1}`,
    label,
    server: serverOf(results),
    transport: results.target?.transport,
    target: withoutMachinePaths(results.target?.description ?? ''),
    file: withoutMachinePaths(source.file),
    ...(source.report === undefined ? {} : { report: source.report }),
    tool: results.tool,
    outcome: results.outcome,
    revisions,
    totals: totalsOf(results.checks),
    byRevision,
    conformance: computeConformance({
      revisions: results.revisions ?? [],
      checks: results.checks,
      options: results.options ?? { strict: false, revisions: 'auto' },
      shard: results.shard,
    }),
    ...profilesOf(results),
  };
}

function profilesOf(results: RunResults): { profiles?: string[] } {
  const profiles = (results.revisions ?? []).flatMap((run) =>
    run.checkProfile ? [`${run.checkProfile.name} ${run.checkProfile.hash}`] : [],
  );
  return profiles.length > 0 ? { profiles } : {};
}

function cellOf(check: CheckResult): ImplementationCell {
  return {
    verdict: check.verdict,
    ...(check.reason === undefined ? {} : { reason: bounded(check.reason, REASON_MAX) }),
    ...(check.expectedFailure ? { expectedFailure: true } : {}),
  };
}

/** The one column failing where another passes, else undefined. */
function uniqueFailure(cells: Array<ImplementationCell | null>, keys: string[]): string | undefined {
  const failing = cells.flatMap((cell, i) => (cell?.verdict === 'fail' ? [i] : []));
  if (failing.length !== 1 || !cells.some((cell) => cell?.verdict === 'pass')) return undefined;
  return keys[failing[0]];
}

export function buildImplementationMatrix(sources: MatrixSource[]): ImplementationMatrix {
  const labels = labelsOf(sources);
  const columns = sources.map((source, i) => column(source, i, labels[i]));
  const keys = columns.map((c) => c.key);
  // First appearance over the inputs keeps the suites' order of areas and checks.
  const order = new Map<string, CheckResult>();
  const areaOrder = new Map<string, number>();
  for (const { results } of sources) {
    for (const check of results.checks) {
      if (!order.has(check.id)) order.set(check.id, check);
      if (!areaOrder.has(check.area)) areaOrder.set(check.area, areaOrder.size);
    }
  }
  const lookups = sources.map(({ results }) => new Map(results.checks.map((check) => [check.id, check])));
  const rank = (check: CheckResult) => [REVISIONS.indexOf(check.revision), areaOrder.get(check.area)!];
  const firsts = [...order.values()];
  const sorted = firsts
    .map((check, i) => ({ check, i }))
    .sort((a, b) => {
      const [ra, aa] = rank(a.check);
      const [rb, ab] = rank(b.check);
      return ra - rb || aa - ab || a.i - b.i;
    });
  const rows = sorted.map(({ check }): ImplementationRow => {
    const cells = lookups.map((lookup) => {
      const found = lookup.get(check.id);
      return found ? cellOf(found) : null;
    });
    const unique = uniqueFailure(cells, keys);
    return {
      id: check.id,
      revision: check.revision,
      area: check.area,
      title: check.title,
      level: check.level,
      spec: check.spec,
      cells,
      ...(unique ? { uniqueFailure: unique } : {}),
    };
  });
  const uniqueCount = (key: string) => rows.filter((row) => row.uniqueFailure === key).length;
  return {
    matrixSchemaVersion: MATRIX_SCHEMA_VERSION,
    columns: columns.map((c) => ({ ...c, uniqueFailures: uniqueCount(c.key) })),
    rows,
    uniqueFailures: rows.filter((row) => row.uniqueFailure).length,
  };
}

/** The revision a badge names: the newest one the implementation ran. */
export function badgeRevision(column: ImplementationColumn): Revision | undefined {
  return REVISIONS.find((r) => column.revisions.includes(r));
}
