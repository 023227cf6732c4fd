// `mcp-conform fuzz`: property-based campaigns against a live server. Prints every finding with
// its shrunk counterexample and the command that replays it; writes the same reports as `run`.
import { KnownFuzzFileError, loadKnownFuzz, type KnownFuzz } from '../../results/fuzz-known.js';
import { redactor, redactResults, secretsFrom } from '../../results/redact.js';
import path from 'node:path';
import { parseOptions } from './parse-options.js';
import { loadSeenFindings, SeenFindingsFileError, type SeenFindings } from '../../results/seen-findings.js';
import { writeReports } from './run-reports.js';
import { ALL_CAMPAIGNS } from '../../../suites/campaigns.js';
import { fuzzSummary, stderrProgress } from '../fuzz-console.js';
import { DEFAULT_FINDINGS_DIR, DEFAULT_RUNS, DEFAULT_SHRINK_BUDGET_MS } from '../../fuzz/defaults.js';
import { DEFAULT_EXECUTE } from '../../fuzz/execute.js';
import { runFuzz, selectProperties } from '../../fuzz/run-fuzz.js';
import { isRevision, REVISIONS, type Revision } from '../../model.js';
import { describeTarget, type TargetSpec } from '../../target.js';
import { killAllGroupsNow } from '../../transports/process-groups.js';
import { configTargets, loadConfig, type NamedTarget } from './config-file.js';
import { shardOption } from './report-command.js';
import {
  noTargetError,
  splitServerArgv,
  TARGET_OPTIONS,
  targetFlags,
  targetFromFlags,
  UsageError,
} from './target-options.js';
import { EXIT_HARNESS_ERROR, worstExitCode } from './exit-codes.js';

export const FUZZ_HELP = `Usage: mcp-conform fuzz [target] [options]

Runs property-based campaigns (fast-check) against a live MCP server. Each property is a server
invariant from the spec; a failing case is shrunk, saved as a replayable file, and printed with
the one command that replays it.

Target (as for run; with none, the config file's targets one after another; with neither, a
usage error):
  --stdio "<command line>" | --url <url> | -- <command> [args...] | --demo
  --cwd <dir>, --env NAME=VALUE, --env NAME, --inherit-env, --header "Name: value"
  --config <file>, --no-config   as for run; fuzz reads targets, revisions, toolCalls, strict
                             and the fuzz key (seed, runs, timeBudgetMs, campaigns); flags win

Options:
  --campaign <name>          framing, ids, meta, capabilities, schema, or a property id
                             (prefix or glob, e.g. 2026-07-28/ids/same-id); repeatable
  --revision <rev>           2026-07-28, 2025-11-25, all, or auto (default: probe the server)
  --seed <n>                 fast-check seed (default: random, always printed and recorded)
  --path <p>                 with --seed and one property: replay exactly that counterexample
                             (g<n>:<path>, from a guided run: its n seeded runs come first)
  --runs <n>                 cases per property (default ${DEFAULT_RUNS})
  --time-budget <seconds>    stop starting cases after this long, overall; each property
                             gets a fair share of what is left when it starts
  --shrink-budget <seconds>  stop shrinking a finding after this long (default ${DEFAULT_SHRINK_BUDGET_MS / 1000})
  --timeout <ms>             wait this long for each answer (default ${DEFAULT_EXECUTE.timeoutMs})
  --cold-restarts            stdio: start each replacement server only when needed (default: once one
                             had to be replaced, the next is readied ahead; for a server that cannot
                             run twice at once)
  --findings-dir <dir>       where failing cases are saved (default ${DEFAULT_FINDINGS_DIR})
  --tool-calls <policy>      safe (default: readOnlyHint tools only), all, or none
  --strict                   SHOULD-level findings fail the run too
  --known <file>             findings already known for this server (YAML/JSON list of
                             {property, match, why}): a case whose every problem is listed
                             does not count and does not stop the property, so new ones show
  --seen-findings <file>     findings seen before: the results JSON of an earlier fuzz run, or a
                             list of signatures (one per line, or a JSON list); a finding whose
                             signature it lists is marked as seen. Repeatable
  --new-only                 with --seen-findings: a finding seen before is reported but does not
                             fail the run, only a new one does (PR mode)
  --shard <i/n>              run the i-th of n deterministic slices of the properties (by a
                             stable hash of the property id); join with mcp-conform report merge
  --json <file>, --junit <file>, --html <file>, --sarif <file>   reports, as for run (SARIF
                             fingerprints a finding by its signature, so code scanning follows it)
  --list                     list the campaigns and properties (no server needed)
  --quiet                    print only findings and the summary
  -h, --help                 show this help

A case whose request got no answer in time decides nothing (silence is never a verdict): a
property with such cases and no finding is inconclusive.

Exit status: 0 no finding (with --new-only: no new one); 1 a MUST finding (a SHOULD one too
with --strict); 2 usage error or the target could not be reached; 3 a report could not be
written; 4 inconclusive: no finding, but a property had cases that decided nothing, or the
harness could not run it; 5 no property ran at all. With several targets, the worst of them.

Examples:
  mcp-conform fuzz --stdio "node build/server.js" --runs 200
  mcp-conform fuzz --url http://127.0.0.1:3000/mcp --campaign ids --time-budget 60
  mcp-conform fuzz --shard 2/4 --seed 42 --json fuzz-2.json -- node build/server.js
  mcp-conform fuzz --new-only --seen-findings main-fuzz.json --json pr-fuzz.json -- node build/server.js
  mcp-conform replay .fuzz/2026-07-28-ids-same-id-seed42-1a2b3c4d.json`;

function positive(
  value: string | undefined,
  flag: string,
  fallback: number | undefined,
  integer = true,
): number | undefined {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n)))
    throw new UsageError(`${flag} expects a positive ${integer ? 'integer' : 'number'}, got ${JSON.stringify(value)}`);
  return n;
}

function seedOption(value: string | undefined): number {
  if (value === undefined) return Math.floor(Math.random() * 0x7fffffff);
  const n = Number(value);
  if (!Number.isInteger(n) || Math.abs(n) > 0x7fffffff)
    throw new UsageError(`--seed expects a 32-bit integer, got ${JSON.stringify(value)}`);
  return n;
}

function revisionsOption(value: string | undefined): Revision[] | 'auto' {
  if (value === undefined || value === 'auto') return 'auto';
  if (value === 'all') return [...REVISIONS];
  const list = value.split(',').map((v) => v.trim());
  for (const item of list)
    if (!isRevision(item))
      throw new UsageError(`unknown revision ${JSON.stringify(item)}; use ${REVISIONS.join(', ')}, all or auto`);
  return list as Revision[];
}

const SECRET = /authorization|cookie|token|secret|password|api[-_]?key/i;

/** The target as flags for a printed replay command; secret-looking values become placeholders. */
export function targetWords(
  flags: { stdio?: string; url?: string; cwd?: string; env?: string[]; inheritEnv?: boolean; header?: string[] },
  argv: string[] | undefined,
): string[] {
  const words: string[] = flags.inheritEnv ? ['--inherit-env'] : [];
  for (const item of flags.env ?? []) {
    const name = item.split('=')[0];
    // `--env NAME` names a variable of the replaying shell, no value: it stays as it is.
    words.push('--env', item.includes('=') && SECRET.test(name) ? `${name}=<value>` : item);
  }
  if (flags.cwd) words.push('--cwd', flags.cwd);
  for (const item of flags.header ?? []) {
    const name = item.split(':')[0];
    words.push('--header', SECRET.test(name) ? `${name}: <value>` : item);
  }
  if (flags.url) words.push('--url', flags.url);
  if (flags.stdio) words.push('--stdio', flags.stdio);
  if (argv && argv.length > 0) words.push('--', ...argv);
  return words;
}

export async function fuzzCommand(argv: string[]): Promise<number> {
  const { own, serverArgv } = splitServerArgv(argv);
  const { values } = parseOptions({
    args: own,
    allowPositionals: false,
    options: {
      ...TARGET_OPTIONS,
      revision: { type: 'string' },
      campaign: { type: 'string', multiple: true },
      seed: { type: 'string' },
      path: { type: 'string' },
      runs: { type: 'string' },
      'time-budget': { type: 'string' },
      'shrink-budget': { type: 'string' },
      timeout: { type: 'string' },
      'cold-restarts': { type: 'boolean' },
      'findings-dir': { type: 'string' },
      'tool-calls': { type: 'string' },
      strict: { type: 'boolean' },
      known: { type: 'string' },
      'seen-findings': { type: 'string', multiple: true },
      'new-only': { type: 'boolean' },
      shard: { type: 'string' },
      json: { type: 'string' },
      junit: { type: 'string' },
      html: { type: 'string' },
      sarif: { type: 'string' },
      list: { type: 'boolean' },
      quiet: { type: 'boolean' },
      config: { type: 'string' },
      'no-config': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(FUZZ_HELP + '\n');
    return 0;
  }
  if (values['no-config'] && values.config !== undefined)
    throw new UsageError('give --config or --no-config, not both');
  const loaded = values['no-config'] || values.list ? undefined : await loadConfig(values.config);
  const fromFile = loaded?.config.fuzz ?? {};
  const campaign = values.campaign ?? fromFile.campaigns;
  const properties = selectProperties([...ALL_CAMPAIGNS], campaign);
  if (campaign && properties.length === 0)
    throw new UsageError(`--campaign ${campaign.join(', ')} selects no property; try mcp-conform fuzz --list`);
  const shard = shardOption(values.shard);
  if (values.list) {
    for (const p of selectProperties([...ALL_CAMPAIGNS], values.campaign, shard))
      process.stdout.write(`${p.id}  ${p.level}  ${p.transports.join('+')}  ${p.title}\n    ${p.specUrl}\n`);
    return 0;
  }
  const configRevisions = loaded?.config.revisions;
  const revisions = revisionsOption(
    values.revision ?? (Array.isArray(configRevisions) ? configRevisions.join(',') : configRevisions),
  );
  if (values.path !== undefined) {
    if (values.seed === undefined) throw new UsageError('--path replays a counterexample of one seed: give --seed too');
    const targeted = revisions === 'auto' ? properties : properties.filter((p) => revisions.includes(p.revision));
    if (targeted.length !== 1)
      throw new UsageError(
        `--path replays one property; --campaign selects ${targeted.length} (give a full id such as 2026-07-28/ids/same-id, and --revision)`,
      );
  }
  const toolCalls = values['tool-calls'] ?? loaded?.config.toolCalls ?? 'safe';
  if (toolCalls !== 'safe' && toolCalls !== 'all' && toolCalls !== 'none')
    throw new UsageError(`--tool-calls expects safe, all or none, got ${JSON.stringify(toolCalls)}`);
  const flags = targetFlags(values, serverArgv);
  const fromFlags = targetFromFlags(flags);
  if (!fromFlags && !loaded?.config.targets) throw noTargetError('fuzz', flags);
  const targets: Array<{ name: string; spec: TargetSpec; words: string[] }> = fromFlags
    ? [{ name: 'target', spec: fromFlags, words: values.demo ? ['--demo'] : targetWords(flags, serverArgv) }]
    : configTargets(loaded!).map((target) => ({ ...target, words: wordsOf(target) }));
  const seed = values.seed === undefined && fromFile.seed !== undefined ? fromFile.seed : seedOption(values.seed);
  const timeBudget = positive(
    values['time-budget'],
    '--time-budget',
    fromFile.timeBudgetMs === undefined ? undefined : fromFile.timeBudgetMs / 1000,
    false,
  );
  const runs = positive(values.runs, '--runs', fromFile.runs ?? DEFAULT_RUNS)!;
  const strict = values.strict === true || loaded?.config.strict === true;
  const known = values.known === undefined ? undefined : knownOption(values.known);
  const seen = seenOption(values['seen-findings'], values['new-only'] === true);

  const abort = new AbortController();
  const onSignal = () => {
    if (abort.signal.aborted) {
      killAllGroupsNow();
      process.exit(130);
    }
    process.stderr.write('\nmcp-conform: stopping after the current case\n');
    abort.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  if (!values.quiet)
    process.stderr.write(`mcp-conform fuzz: seed ${seed} (rerun this exact run with --seed ${seed})\n`);
  const several = targets.length > 1;
  let worst = 0;
  try {
    for (const target of targets) {
      if (abort.signal.aborted) break;
      // Our own flags go before the target's: everything after `--` is the server's command line.
      const words = [...(toolCalls === 'safe' ? [] : ['--tool-calls', toolCalls]), ...target.words];
      // As for run: secret values the server echoes stay out of the reports (case files keep what was sent).
      const secrets = secretsFrom(
        process.env,
        target.spec.kind === 'http' ? { headers: target.spec.headers, url: target.spec.url } : { env: target.spec.env },
      );
      const fuzzed = await runFuzz({
        target: target.spec,
        revisions,
        campaigns: [...ALL_CAMPAIGNS],
        select: campaign,
        shard,
        seed,
        runs,
        timeBudgetMs: timeBudget === undefined ? undefined : timeBudget * 1000,
        path: values.path,
        shrinkBudgetMs:
          positive(values['shrink-budget'], '--shrink-budget', DEFAULT_SHRINK_BUDGET_MS / 1000, false)! * 1000,
        execute: { ...DEFAULT_EXECUTE, timeoutMs: positive(values.timeout, '--timeout', DEFAULT_EXECUTE.timeoutMs)! },
        toolCalls,
        strict,
        known,
        seen,
        warmSpares: values['cold-restarts'] !== true,
        newOnly: values['new-only'] === true,
        findings: {
          targetWords: words,
          targetDescription: describeTarget(target.spec),
          targetSpec:
            target.spec.kind === 'http'
              ? { kind: 'http', url: target.spec.url }
              : {
                  kind: 'stdio',
                  command: target.spec.command,
                  args: target.spec.args,
                  cwd: target.spec.cwd,
                  ...(target.spec.inheritEnv ? { inheritEnv: true } : {}),
                },
          findingsDir: path.resolve(values['findings-dir'] ?? DEFAULT_FINDINGS_DIR),
        },
        progress: stderrProgress(process.stderr, values.quiet === true, redactor(secrets).redact),
        signal: abort.signal,
      });
      const results = redactResults(fuzzed, secrets);
      const files = { json: values.json, html: values.html, junit: values.junit, sarif: values.sarif };
      const written = writeReports(results, files, target, several);
      for (const problem of written.failed) process.stderr.write(`mcp-conform: ${problem}\n`);
      // As for run: a report that could not be written is our failure (3), whatever the server did.
      if (written.failed.length > 0) worst = worstExitCode([worst, EXIT_HARNESS_ERROR]);
      if (several) process.stdout.write(`\n== target ${target.name}\n`);
      process.stdout.write(fuzzSummary(results) + '\n');
      if (results.exitCode === 2 && results.error)
        process.stderr.write(`mcp-conform: ${several ? `${target.name}: ` : ''}${results.error}\n`);
      worst = worstExitCode([worst, results.exitCode]);
    }
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  return worst;
}

/** A config file's target as the flags that name it again in a printed replay command. */
function wordsOf(target: NamedTarget): string[] {
  const spec = target.spec;
  if (spec.kind === 'http')
    return targetWords(
      { url: spec.url, header: Object.entries(spec.headers).map(([name, value]) => `${name}: ${value}`) },
      undefined,
    );
  return targetWords(
    {
      cwd: spec.cwd,
      env: Object.entries(spec.env ?? {}).map(([name, value]) => `${name}=${value}`),
      inheritEnv: spec.inheritEnv,
    },
    [spec.command, ...spec.args],
  );
}

function seenOption(files: string[] | undefined, newOnly: boolean): SeenFindings | undefined {
  if (newOnly && !files?.length)
    throw new UsageError('--new-only needs --seen-findings FILE: the findings a new one is told from');
  if (!files?.length) return undefined;
  try {
    return loadSeenFindings(files);
  } catch (error) {
    if (error instanceof SeenFindingsFileError) throw new UsageError(error.message);
    throw error;
  }
}

function knownOption(file: string): KnownFuzz {
  try {
    return loadKnownFuzz(file);
  } catch (error) {
    if (error instanceof KnownFuzzFileError) throw new UsageError(error.message);
    throw error;
  }
}
