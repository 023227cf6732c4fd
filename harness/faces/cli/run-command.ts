// `mcp-conform run`: test a server, print the summary, write the reports, exit 0/1/2/3/4/5.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { parseArgs } from 'node:util';
import { parseOptions } from './parse-options.js';
import { FROZEN_PROFILES } from '../../../suites/profiles.js';
import { ALL_CHECKS } from '../../../suites/index.js';
import { renderSummary, styleFor, targetLine } from '../../../reports/console.js';
import { describeTarget } from '../../target.js';
import { redactor, redactResults, secretsFrom } from '../../results/redact.js';
import { TOOL_VERSION } from '../../version.js';
import { applyBaseline, type Baseline } from '../../results/baseline.js';
import { baselineOption, shardOption } from './report-command.js';
import { isRevision, REVISIONS, type Revision } from '../../model.js';
import { runChecks, type RunRequest } from '../../runner/run.js';
import { DEFAULT_CONCURRENCY } from '../../runner/settings.js';
import { withProcessLimits } from '../../target.js';
import { killAllGroupsNow } from '../../transports/process-groups.js';
import {
  configTargets,
  loadConfig,
  resolveFrom,
  type ConfigFile,
  type LoadedConfig,
  type NamedTarget,
} from './config-file.js';
import { runProgress } from './run-progress.js';
import { eachBounded } from './target-pool.js';
import { renderTargetsTable, type TargetRow } from '../../../reports/console-targets.js';
import { fileSafe, reportPath, reportToGitHub, writeReports } from './run-reports.js';
import { relativeLink, reportMatrix, type MatrixOutputs } from './matrix-command.js';
import type { MatrixSource } from '../../results/implementation-matrix.js';
import type { RunResults } from '../../results/results.js';
import {
  noTargetError,
  parseEnv,
  parsePairs,
  splitServerArgv,
  TARGET_OPTIONS,
  targetFlags,
  targetFromFlags,
  targetGiven,
  UsageError,
} from './target-options.js';
import { unmatchedPatternProblems } from '../pattern-hints.js';
import { EXIT_HARNESS_ERROR, internalErrorText, worstExitCode } from './exit-codes.js';
import { catalogLookup } from '../catalog-lookup.js';
import { AUTH_HELP, AUTH_OPTIONS, authPlan, prepareAuth, type AuthPlan } from './auth-options.js';
import { tokenValues } from '../../checks/auth-tokens.js';

export const RUN_HELP = `Usage: mcp-conform run [target] [options]

Runs the conformance suites against an MCP server and reports a verdict per check.

Target (one of; with none, the config file's targets; with neither, a usage error):
  --stdio "<command line>"   spawn the server and talk over stdin/stdout
  --url <url>                talk Streamable HTTP to this endpoint
  -- <command> [args...]     like --stdio, given as separate arguments
  --demo                     the reference server bundled with mcp-conform (a demonstration)
  --cwd <dir>                working directory of a stdio server
  --env NAME=VALUE           set a variable for a stdio server (repeatable); --env NAME
                             passes the runner's own NAME. A stdio server gets only these and
                             HOME, LOGNAME, PATH, SHELL, TERM, USER, LANG, LC_ALL, LC_CTYPE,
                             TMPDIR, JAVA_HOME of the runner's environment
  --inherit-env              give a stdio server the runner's whole environment instead
  --header "Name: value"     extra HTTP header, e.g. for auth (repeatable); with config
                             targets, --cwd/--env/--inherit-env/--header apply to each
                             target they fit

${AUTH_HELP}

Config file:
  --config <file>            settings and targets from this file, JSON or a module whose
                             default export is the config (.mjs, .js; .ts through tsx); default:
                             mcp-conform.config.{json,mjs,js,ts,mts} in the working directory;
                             flags override its values; several targets run one after another,
                             or --jobs at a time
  --no-config                ignore the config file; its "matrix" key ({"html", "json",
                             "badges"}) also writes the targets' implementation matrix

Options:
  --revision <rev>           2026-07-28, 2025-11-25, all, or auto (default: auto,
                             probe the server and run every revision it claims)
  --check <pattern>          only checks whose id matches (prefix or glob; repeatable)
  --skip <pattern>           leave out checks whose id matches (repeatable)
  --strict                   SHOULD-level misses fail the run instead of warning
  --json <file>              write the full results (with transcripts) as JSON; - for stdout
                             (the summary then goes to stderr)
  --junit <file>             write JUnit XML
  --html <file>              write the self-contained HTML report
  --sarif <file>             write SARIF 2.1.0 for code scanning (one result per failed or
                             warned check, located at the config file or the server's entry point)
  --expected-failures <file> known failures (YAML/JSON list of check ids or patterns): listed
                             failures pass, unlisted ones fail, listed checks that pass are stale
  --shard <i/n>              run the i-th of n deterministic slices of the checks (CI matrix);
                             join the results with mcp-conform report merge
  --timeout <ms>             wait at least this long for each response (default 5000); the
                             wait grows with the server's answer times seen in discovery
  --max-timeout <ms>         the most that wait may grow to (default 15000)
  --startup-timeout <ms>     how long a new stdio process may take to say its first word
                             before its requests' clocks start (default 30000)
  --max-line-mb <n>          longest stdout line of a stdio server read as a message, in MB
                             (default 8); a longer answer is reported as larger than the
                             line cap (its check inconclusive), a longer non-message as pollution
  --check-timeout <ms>       backstop for one whole check (default 30000, grows with --timeout)
  --concurrency <n>          checks in flight at once (default ${DEFAULT_CONCURRENCY}), per target
  --jobs <n>                 config targets run at once (default 1), each on its own results,
                             reports and exit status; a table of them all at the end
  --schema-dir <dir>         validate against official schema files (DIR/<revision>/schema.json)
  --tool-calls <policy>      which listed tools checks may call: safe (default: only tools
                             annotated readOnlyHint: true), all, or none
  --quiet                    no progress; print only the summary counts
  --verbose                  print each check's wire transcript on stderr as it finishes, and
                             list every check in the summary (by default only those not passing)
  -h, --help                 show this help

Before the checks run, the target and the revisions found go to stderr, then progress: a counter
on a terminal, a line per check otherwise. The summary lists the checks that did not pass, worst
first, and ends with the report files written. Colours on a terminal unless NO_COLOR is set, or
wherever FORCE_COLOR is set (FORCE_COLOR=0 turns them off).

On GitHub: wherever GITHUB_STEP_SUMMARY is set, a Markdown job summary (outcome, target,
revisions, counts per level, the failures and warnings) is appended to it; with
GITHUB_ACTIONS=true, failures and warnings are also ::error/::warning annotations (at most 10
of each).

Exit status: 0 passed: every check that applied passed (warnings too, unless --strict);
1 a check failed (a MUST, or with --strict a SHOULD or an unstable verdict), a baseline entry
went stale, or the run was interrupted; 2 usage error or the target could not be reached;
3 harness error: mcp-conform itself failed (a report it could not write, an internal error),
the other reports and targets are still written and run; 4 inconclusive: nothing failed, but
a check could not come to a verdict (no answer in time, a harness problem); 5 not applicable:
no check came to a verdict other than skip. Fail beats inconclusive beats not applicable;
with several targets, the worst of them (3, 2, 1, 4, 5, 0 from worst).

Examples:
  mcp-conform run --stdio "node build/server.js"
  mcp-conform run --demo --revision 2026-07-28
  mcp-conform run --url http://127.0.0.1:3000/mcp --header "Authorization: Bearer $TOKEN"
  mcp-conform run --revision 2026-07-28 --check 2026-07-28/meta --json results.json -- node server.js
  mcp-conform run --config ci/mcp-conform.config.json --header "Authorization: Bearer $TOKEN"
  mcp-conform run --shard 2/4 --expected-failures baseline.yml --json shard-2.json --html shard-2.html -- node server.js`;

function positiveInt(value: string | undefined, flag: string, fallback: number | undefined): number | undefined {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new UsageError(`${flag} expects a positive integer, got ${JSON.stringify(value)}`);
  return n;
}

const megabytes = (mb: number | undefined) => (mb === undefined ? undefined : mb * 1024 * 1024);

function revisionsFrom(flag: string | undefined, fromConfig: ConfigFile['revisions']): Revision[] | 'auto' {
  if (flag === undefined && Array.isArray(fromConfig)) return fromConfig as Revision[];
  const value = flag ?? (fromConfig as string | undefined) ?? 'auto';
  if (value === 'auto') return 'auto';
  if (value === 'all') return [...REVISIONS];
  const list = value.split(',').map((v) => v.trim());
  for (const item of list)
    if (!isRevision(item))
      throw new UsageError(`unknown revision ${JSON.stringify(item)}; use ${REVISIONS.join(', ')}, all or auto`);
  return list as Revision[];
}

const RUN_OPTIONS = {
  ...TARGET_OPTIONS,
  ...AUTH_OPTIONS,
  config: { type: 'string' },
  'no-config': { type: 'boolean' },
  revision: { type: 'string' },
  check: { type: 'string', multiple: true },
  skip: { type: 'string', multiple: true },
  strict: { type: 'boolean' },
  json: { type: 'string' },
  junit: { type: 'string' },
  html: { type: 'string' },
  sarif: { type: 'string' },
  'expected-failures': { type: 'string' },
  shard: { type: 'string' },
  timeout: { type: 'string' },
  'check-timeout': { type: 'string' },
  'max-timeout': { type: 'string' },
  'startup-timeout': { type: 'string' },
  'max-line-mb': { type: 'string' },
  concurrency: { type: 'string' },
  jobs: { type: 'string' },
  'schema-dir': { type: 'string' },
  'tool-calls': { type: 'string' },
  quiet: { type: 'boolean' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type RunValues = ReturnType<typeof parseArgs<{ options: typeof RUN_OPTIONS }>>['values'];

interface RunPlan {
  targets: NamedTarget[];
  request: Omit<RunRequest, 'target' | 'checks'>;
  baseline?: Baseline;
  reports: { json?: string; junit?: string; html?: string; sarif?: string };
  /** The config file, for SARIF locations. */
  configFile?: string;
  /** The config file's `matrix`: the targets' results feed one matrix. */
  matrix?: MatrixOutputs;
  /** Tokens for a protected server (--auth-*). */
  auth?: AuthPlan;
  /** Targets run at once (--jobs, config `jobs`). */
  jobs: number;
}

/** The flags' target, else the config file's targets (refined by --cwd/--env/--header); neither is a usage error. */
function targetsFor(
  values: RunValues,
  serverArgv: string[] | undefined,
  loaded: LoadedConfig | undefined,
): NamedTarget[] {
  const flags = targetFlags(values, serverArgv);
  if (targetGiven(flags)) return [{ name: 'target', spec: targetFromFlags(flags)! }];
  if (!loaded?.config.targets) throw noTargetError('run', flags);
  const targets = configTargets(loaded);
  const env = parseEnv(values.env);
  const inherit = values['inherit-env'] === true;
  const headers = parsePairs(values.header, ':', '--header');
  if (values.header?.length && !targets.some((t) => t.spec.kind === 'http'))
    throw new UsageError('--header applies to url targets only, and the config file lists none');
  if ((values.cwd !== undefined || values.env?.length || inherit) && !targets.some((t) => t.spec.kind === 'stdio'))
    throw new UsageError('--cwd, --env and --inherit-env apply to stdio targets only, and the config file lists none');
  const cwd = values.cwd === undefined ? undefined : path.resolve(values.cwd);
  if (cwd !== undefined && !existsSync(cwd)) throw new UsageError(`--cwd directory does not exist: ${cwd}`);
  return targets.map(({ name, label, spec }) => ({
    name,
    ...(label === undefined ? {} : { label }),
    spec:
      spec.kind === 'http'
        ? { ...spec, headers: { ...spec.headers, ...headers } }
        : { ...spec, env: { ...spec.env, ...env }, cwd: cwd ?? spec.cwd, ...(inherit ? { inheritEnv: true } : {}) },
  }));
}

/** Flags over config values over defaults; every usage error surfaces here, before anything runs. */
async function planRun(values: RunValues, serverArgv: string[] | undefined): Promise<RunPlan> {
  if (values['no-config'] && values.config !== undefined)
    throw new UsageError('give --config or --no-config, not both');
  const loaded = values['no-config'] ? undefined : await loadConfig(values.config);
  const config: ConfigFile = loaded?.config ?? {};
  const fromFile = (file: string | undefined) => (loaded ? resolveFrom(loaded.baseDir, file) : file);
  const toolCalls = values['tool-calls'] ?? config.toolCalls ?? 'safe';
  if (toolCalls !== 'safe' && toolCalls !== 'all' && toolCalls !== 'none')
    throw new UsageError(`--tool-calls expects safe, all or none, got ${JSON.stringify(toolCalls)}`);
  const schemaDir = values['schema-dir'] ?? fromFile(config.schemaDir);
  const request: RunPlan['request'] = {
    revisions: revisionsFrom(values.revision, config.revisions),
    select: values.check ?? config.checks,
    skip: values.skip ?? config.skip,
    strict: values.strict === true || config.strict === true,
    requestTimeoutMs: positiveInt(values.timeout, '--timeout', config.timeoutMs ?? 5000),
    checkTimeoutMs: positiveInt(values['check-timeout'], '--check-timeout', config.checkTimeoutMs ?? 30_000),
    maxRequestTimeoutMs: positiveInt(values['max-timeout'], '--max-timeout', config.maxTimeoutMs),
    limits: withProcessLimits({
      startupMs: positiveInt(values['startup-timeout'], '--startup-timeout', config.startupTimeoutMs),
      maxLineBytes: megabytes(positiveInt(values['max-line-mb'], '--max-line-mb', config.maxLineMb)),
    }),
    shard: shardOption(values.shard),
    toolCalls,
    schemaSource: schemaDir ? { kind: 'dir', dir: schemaDir } : undefined,
  };
  // Left out when unset, so the runner's own default applies.
  const concurrency = positiveInt(values.concurrency, '--concurrency', config.concurrency);
  if (concurrency !== undefined) request.concurrency = concurrency;
  const targets = targetsFor(values, serverArgv, loaded);
  const auth = authPlan(values);
  if (auth && !targets.some((target) => target.spec.kind === 'http'))
    throw new UsageError(
      '--auth-* flags apply to url targets only (a stdio server takes its credentials from its environment)',
    );
  const ids = ALL_CHECKS.map((check) => check.id);
  const unmatched = [
    ...unmatchedPatternProblems(ids, values.check, '--check'),
    ...unmatchedPatternProblems(ids, values.skip, '--skip'),
    ...(values.check ? [] : unmatchedPatternProblems(ids, config.checks, `config file ${loaded?.file}: checks entry`)),
    ...(values.skip ? [] : unmatchedPatternProblems(ids, config.skip, `config file ${loaded?.file}: skip entry`)),
  ];
  if (unmatched.length > 0) throw new UsageError(unmatched.join('\n'));
  const safeNames = targets.map((target) => fileSafe(target.name));
  const clash = safeNames.findIndex((name, i) => safeNames.indexOf(name) !== i);
  if (values.json === '-' && targets.length > 1)
    throw new UsageError('--json - writes one results file to stdout; with several targets give a file name');
  if (clash !== -1)
    throw new UsageError(
      `targets "${targets[safeNames.indexOf(safeNames[clash])].name}" and "${targets[clash].name}" would write the same report files; rename one`,
    );
  return {
    targets,
    request,
    baseline: baselineOption(values['expected-failures'] ?? fromFile(config.expectedFailures)),
    reports: {
      json: values.json ?? fromFile(config.reports?.json),
      junit: values.junit ?? fromFile(config.reports?.junit),
      html: values.html ?? fromFile(config.reports?.html),
      sarif: values.sarif ?? fromFile(config.reports?.sarif),
    },
    configFile: loaded?.file,
    auth,
    jobs: positiveInt(values.jobs, '--jobs', config.jobs ?? 1)!,
    matrix: config.matrix && {
      html: fromFile(config.matrix.html),
      json: fromFile(config.matrix.json),
      badges: fromFile(config.matrix.badges),
    },
  };
}

/** A target's results and the exit status they come to: a report that could not be written makes it a harness error. */
async function runTarget(
  target: NamedTarget,
  plan: RunPlan,
  values: RunValues,
  several: boolean,
  signal: AbortSignal,
): Promise<{ results: RunResults; exitCode: number }> {
  // With `--json -` stdout carries the results only; everything for people goes to stderr.
  const out = plan.reports.json === '-' ? process.stderr : process.stdout;
  const quiet = values.quiet === true;
  // Targets side by side: each one's header comes with its summary, written at once when it ends.
  const header = several ? `\n== target ${target.name}\n` : '';
  if (plan.jobs === 1) out.write(header);
  const label = several ? target.name : undefined;
  const auth = await prepareAuth(plan.auth, target.spec, (line) => {
    if (!quiet) process.stderr.write(`${line}\n`);
  });
  const spec = auth.target;
  // Values of secret-looking variables (a stdio server inherits them), of --env/--header, of the
  // tokens and the URL's credentials never reach a report.
  const secrets = secretsFrom(
    process.env,
    spec.kind === 'http'
      ? { headers: spec.headers, url: spec.url, others: tokenValues(auth.tokens) }
      : { env: spec.env },
  );
  const { redact } = redactor(secrets);
  if (!quiet)
    process.stderr.write(
      `${targetLine(TOOL_VERSION, { transport: spec.kind, description: redact(describeTarget(spec)) })}\n`,
    );
  let results: RunResults;
  try {
    results = await runChecks({
      ...plan.request,
      target: spec,
      checks: [...ALL_CHECKS],
      catalogLookup,
      profiles: FROZEN_PROFILES,
      signal,
      authTokens: auth.tokens,
      authFollow: plan.auth?.follow,
      progress: runProgress({ stream: process.stderr, quiet, verbose: values.verbose === true, label, redact }),
    });
  } finally {
    await auth.close();
  }
  results = redactResults(results, secrets);
  if (plan.baseline) results = applyBaseline(results, plan.baseline);
  const { written, failed } = writeReports(results, { ...plan.reports, configFile: plan.configFile }, target, several);
  out.write(
    (plan.jobs === 1 ? '' : header) +
      renderSummary(results, styleFor(out as NodeJS.WriteStream), {
        quiet,
        verbose: values.verbose,
        header: quiet,
        written,
      }) +
      '\n',
  );
  reportToGitHub(results, written, out);
  const prefix = `mcp-conform: ${several ? `${target.name}: ` : ''}`;
  if (results.exitCode === 2 && results.error) process.stderr.write(`${prefix}${results.error}\n`);
  for (const problem of failed) process.stderr.write(`${prefix}${problem}\n`);
  return { results, exitCode: failed.length > 0 ? EXIT_HARNESS_ERROR : results.exitCode };
}

/** The targets' results as the matrix's columns: labelled by their config names, linked to their HTML reports. */
function matrixSources(
  ran: Array<{ target: NamedTarget; results: RunResults }>,
  plan: RunPlan,
  several: boolean,
): MatrixSource[] {
  return ran.map(({ target, results }) => {
    const html = reportPath(plan.reports.html, target, several);
    return {
      results,
      file: reportPath(plan.reports.json, target, several) ?? target.name,
      ...(target.label === undefined ? {} : { label: target.label }),
      ...(html === undefined ? {} : { report: relativeLink(plan.matrix?.html, html) }),
    };
  });
}

export async function runCommand(argv: string[]): Promise<number> {
  const { own, serverArgv } = splitServerArgv(argv);
  const { values } = parseOptions({ args: own, allowPositionals: false, options: RUN_OPTIONS });
  if (values.help) {
    process.stdout.write(RUN_HELP + '\n');
    return 0;
  }
  const plan = await planRun(values, serverArgv);

  const abort = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (abort.signal.aborted) {
      killAllGroupsNow();
      process.exit(130);
    }
    process.stderr.write(`\nmcp-conform: ${signal} received; stopping the target and writing a partial report\n`);
    abort.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const several = plan.targets.length > 1;
  let inFlight = 0;
  let leftBehind = false;
  const runOne = async (target: NamedTarget): Promise<TargetRow> => {
    if (abort.signal.aborted) return { name: target.name };
    const started = performance.now();
    inFlight++;
    try {
      const { results, exitCode } = await runTarget(target, plan, values, several, abort.signal);
      return { name: target.name, results, exitCode, seconds: (performance.now() - started) / 1000 };
    } catch (error) {
      // Our own failure on one target: say so and go on. Its processes are ended at once when no
      // other target is running, else once they all have: ending them all now would end theirs too.
      if (inFlight === 1) killAllGroupsNow();
      else leftBehind = true;
      process.stderr.write(
        `mcp-conform: ${several ? `${target.name}: ` : ''}internal error: ${internalErrorText(error)}\n`,
      );
      return { name: target.name, exitCode: EXIT_HARNESS_ERROR, seconds: (performance.now() - started) / 1000 };
    } finally {
      inFlight--;
    }
  };
  let rows: TargetRow[];
  try {
    rows = await eachBounded(plan.targets, plan.jobs, runOne);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (leftBehind) killAllGroupsNow();
  }
  const ran = rows.flatMap((row, i) => (row.results ? [{ target: plan.targets[i], results: row.results }] : []));
  const worst = worstExitCode(rows.flatMap((row) => (row.exitCode === undefined ? [] : [row.exitCode])));
  const codes = rows.map((row) =>
    row.exitCode === undefined ? `${row.name} not run (interrupted)` : `${row.name} exit ${row.exitCode}`,
  );
  const out = plan.reports.json === '-' ? process.stderr : process.stdout;
  if (several)
    out.write(`\n${renderTargetsTable(rows)}\n\n${plan.targets.length} targets: ${codes.join(', ')}; exit ${worst}\n`);
  if (plan.matrix && ran.length > 0) {
    out.write('\n');
    reportMatrix(matrixSources(ran, plan, several), plan.matrix, out);
  }
  return worst;
}
