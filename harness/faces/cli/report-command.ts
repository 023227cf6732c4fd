// `mcp-conform report`: renders JUnit, HTML or JSON from results files, merges shards, and
// judges results against a baseline or --strict after the fact.
import { parseOptions } from './parse-options.js';
import { renderSummary, styleFor } from '../../../reports/console.js';
import { readResultsJson, ResultsFileError } from '../../../reports/json.js';
import { mergeResults, MergeError } from '../../results/merge.js';
import { OutputError, writeOutputs } from '../../../reports/outputs.js';
import { applyStrict } from '../../results/strict.js';
import { sarifLocation, writeSarif } from '../../../reports/sarif.js';
import { applyBaseline, BaselineFileError, loadBaseline, type Baseline } from '../../results/baseline.js';
import type { RunResults } from '../../results/results.js';
import { parseShard, ShardSpecError, type ShardSpec } from '../../results/shard.js';
import { UsageError } from './target-options.js';
import { matrixCommand } from './matrix-command.js';
import { reportToGitHub } from './run-reports.js';

export const REPORT_HELP = `Usage: mcp-conform report <results.json> [options]
       mcp-conform report merge <shard.json> <shard.json>... [options]
       mcp-conform report matrix <results.json>... [options]   (see report matrix --help)

Renders reports from results written by \`run --json\` or \`fuzz --json\`: the results file is
the source of truth and every other report is rendered from it. \`merge\` joins the results of
a run or fuzz run split with --shard i/n (every shard must be given) into one, as if it had not
been split; where GITHUB_STEP_SUMMARY is set, merge appends the merged run's job summary there,
as run does (and annotations with GITHUB_ACTIONS=true). \`matrix\` builds one checks x
implementations matrix from the results of several servers.

Options:
  --html <file>               write the self-contained HTML report (opens from disk, no network)
  --junit <file>              write JUnit XML
  --json <file>               write the results again (after merge, --strict or a baseline)
  --sarif <file>              write SARIF 2.1.0 for code scanning; results point at
                              --sarif-location (a file of the repository), else the results file
  --sarif-location <file>     the repository file SARIF results point at (e.g. the config file)
  --sarif-category <name>     code scanning's category of this SARIF run (automationDetails.id),
                              one per file when one upload holds several (e.g. per target)
  --expected-failures <file>  judge against known failures (YAML or JSON list of check ids or
                              patterns); a listed failure passes, an unlisted one fails, and
                              a listed check that now passes fails the run as stale
  --strict                    SHOULD-level warnings (checks and fuzz findings) fail, as with
                              run --strict and fuzz --strict
  --quiet                     print only the summary counts
  --verbose                   list every check in the summary (by default only those not passing)
  -h, --help                  show this help

Exit status: as the results stand after merging and judging, as run settles them: 0 no
unexpected failure; 1 a check failed, a fuzz finding, or a baseline entry is stale; 4
inconclusive (nothing failed, but a check or fuzz property came to no verdict); 5 nothing but
skips; 2 a file could not be read, is not an mcp-conform results file, or is of another
schemaVersion.

Examples:
  mcp-conform report results.json --html report.html --junit junit.xml
  mcp-conform report results.json --sarif mcp-conform.sarif --sarif-location mcp-conform.config.json
  mcp-conform report results.json --expected-failures conformance-baseline.yml --junit junit.xml
  mcp-conform report merge shard-1.json shard-2.json shard-3.json --json all.json --html report.html`;

function asUsage<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (
      error instanceof ResultsFileError ||
      error instanceof BaselineFileError ||
      error instanceof MergeError ||
      error instanceof OutputError
    ) {
      throw new UsageError(error.message);
    }
    throw error;
  }
}

export async function reportCommand(argv: string[]): Promise<number> {
  if (argv[0] === 'matrix') return matrixCommand(argv.slice(1));
  const { values, positionals } = parseOptions({
    args: argv,
    allowPositionals: true,
    options: {
      html: { type: 'string' },
      junit: { type: 'string' },
      json: { type: 'string' },
      sarif: { type: 'string' },
      'sarif-location': { type: 'string' },
      'sarif-category': { type: 'string' },
      'expected-failures': { type: 'string' },
      strict: { type: 'boolean' },
      quiet: { type: 'boolean' },
      verbose: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(REPORT_HELP + '\n');
    return 0;
  }
  const merging = positionals[0] === 'merge';
  const files = merging ? positionals.slice(1) : positionals;
  if (files.length === 0)
    throw new UsageError(
      merging
        ? 'report merge needs the results files of every shard'
        : 'report needs a results file; try mcp-conform report --help',
    );
  if (!merging && files.length > 1)
    throw new UsageError(
      `report takes one results file (got ${files.length}); to join shards use mcp-conform report merge`,
    );

  const baseline = baselineOption(values['expected-failures']);
  let results: RunResults = asUsage(() => {
    const inputs = files.map((file) => ({ file, results: readResultsJson(file) }));
    return merging ? mergeResults(inputs, baseline) : inputs[0].results;
  });
  if (values.strict) results = applyStrict(results);
  // merge has judged with the baseline already.
  if (baseline && !merging) results = applyBaseline(results, baseline);
  asUsage(() => writeOutputs(results, { json: values.json, junit: values.junit, html: values.html }));
  if (values.sarif) {
    const location = sarifLocation(
      [values['sarif-location'], merging ? values.json : files[0]],
      values.sarif,
      process.cwd(),
      () => true,
    );
    writeSarif(results, values.sarif, { location, category: values['sarif-category'] });
  }
  const written = [values.json, values.junit, values.html, values.sarif].filter(
    (file): file is string => file !== undefined,
  );
  process.stdout.write(
    renderSummary(results, styleFor(process.stdout), { quiet: values.quiet, verbose: values.verbose, written }) + '\n',
  );
  // A merged run is the one a CI matrix's last job speaks for: its summary, as `run` writes one.
  if (merging) reportToGitHub(results, written, process.stdout);
  return results.exitCode;
}

/** `--expected-failures FILE` for run and report: the baseline, or a usage error. */
export function baselineOption(file: string | undefined): Baseline | undefined {
  return file === undefined ? undefined : asUsage(() => loadBaseline(file));
}

/** `--shard i/n` for run: the shard, or a usage error. */
export function shardOption(text: string | undefined): ShardSpec | undefined {
  if (text === undefined) return undefined;
  try {
    return parseShard(text);
  } catch (error) {
    if (error instanceof ShardSpecError) throw new UsageError(error.message);
    throw error;
  }
}
