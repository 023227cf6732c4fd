// `mcp-conform diff`: regressions, fixes and new checks between two results files.
import { appendFileSync } from 'node:fs';
import { renderDiffSummary } from '../../../reports/github-summary.js';
import { parseOptions } from './parse-options.js';
import { diffExitCode, diffResults } from '../../results/diff.js';
import { renderDiffText } from '../../../reports/diff.js';
import { readResultsJson, ResultsFileError } from '../../../reports/json.js';
import { isRevision, REVISIONS, type Revision } from '../../model.js';
import { UsageError } from './target-options.js';

export const DIFF_HELP = `Usage: mcp-conform diff <old.json> <new.json> [options]

Compares two results files check by check, e.g. two versions of a server, or one server
before and after a change. Lists regressions (a check that passed, warned or was skipped now
fails or errors), fixes (a failing check now passes), other verdict changes, and checks only
one of the files has. Fuzz properties are compared as fuzz/<property id>: one that now has a
finding (fail) it did not have is a regression too.

Options:
  --old-revision <rev>   with --new-revision: compare this revision's checks of the old file
  --new-revision <rev>   with that revision's checks of the new file, matching ids without
                         the revision (what breaks when the server speaks the newer revision)
  --json                 print the diff as JSON
  -h, --help             show this help

Exit status: 0 no regression; 1 at least one regression; 2 a file could not be read or is
not an mcp-conform results file.

Examples:
  mcp-conform diff server-1.4.json server-1.5.json
  mcp-conform diff results.json results.json --old-revision 2025-11-25 --new-revision 2026-07-28
  mcp-conform diff main.json pr.json --json > diff.json`;

function revisionFlag(value: string | undefined, flag: string): Revision | undefined {
  if (value === undefined) return undefined;
  if (!isRevision(value))
    throw new UsageError(`${flag}: unknown revision ${JSON.stringify(value)}; use ${REVISIONS.join(' or ')}`);
  return value;
}

export async function diffCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions({
    args: argv,
    allowPositionals: true,
    options: {
      'old-revision': { type: 'string' },
      'new-revision': { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(DIFF_HELP + '\n');
    return 0;
  }
  if (positionals.length !== 2)
    throw new UsageError(
      `diff needs two results files, old and new (got ${positionals.length}); try mcp-conform diff --help`,
    );
  const oldRevision = revisionFlag(values['old-revision'], '--old-revision');
  const newRevision = revisionFlag(values['new-revision'], '--new-revision');
  if ((oldRevision === undefined) !== (newRevision === undefined))
    throw new UsageError('--old-revision and --new-revision go together');
  const [oldFile, newFile] = positionals;
  let diff;
  try {
    diff = diffResults(oldFile, readResultsJson(oldFile), newFile, readResultsJson(newFile), {
      oldRevision,
      newRevision,
    });
  } catch (error) {
    if (error instanceof ResultsFileError) throw new UsageError(error.message);
    throw error;
  }
  process.stdout.write((values.json ? JSON.stringify(diff, null, 2) : renderDiffText(diff)) + '\n');
  // New failures and fixes belong in the job summary beside the run's own section.
  if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, renderDiffSummary(diff));
  return diffExitCode(diff);
}
