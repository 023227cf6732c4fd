// The files `run` writes for one target (results JSON, HTML, JUnit, SARIF), and what it hands to
// GitHub: the job summary and the annotations.
import { appendFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { renderAnnotations } from '../../../reports/github-annotations.js';
import { renderJobSummary } from '../../../reports/github-summary.js';
import { writeHtml } from '../../../reports/html/index.js';
import { writeResultsJson } from '../../../reports/json.js';
import { writeJUnit } from '../../../reports/junit.js';
import { entryPointCandidates, sarifLocation, writeSarif } from '../../../reports/sarif.js';
import type { RunResults } from '../../results/results.js';
import type { NamedTarget } from './config-file.js';

export interface ReportFiles {
  json?: string;
  junit?: string;
  html?: string;
  sarif?: string;
  /** The config file, for SARIF locations. */
  configFile?: string;
}

export const fileSafe = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '-');

/** results.json -> results-<target>.json, so several targets do not overwrite each other's reports. */
export function reportPath(file: string | undefined, target: NamedTarget, several: boolean): string | undefined {
  if (file === undefined || !several) return file;
  const { dir, name, ext } = path.parse(file);
  return path.join(dir, `${name}-${fileSafe(target.name)}${ext}`);
}

/** What writing the reports came to: the files written, and one line per writer that failed. */
export interface ReportsWritten {
  written: string[];
  failed: string[];
}

/**
 * Writes the asked-for reports, each in its own guard: one writer that fails (a full disk, a
 * renderer's bug) costs that file only, never the others. `--json -` goes to stdout.
 */
export function writeReports(
  results: RunResults,
  reports: ReportFiles,
  target: NamedTarget,
  several: boolean,
): ReportsWritten {
  const outcome: ReportsWritten = { written: [], failed: [] };
  const attempt = (kind: string, file: string | undefined, write: (file: string) => void) => {
    if (file === undefined) return;
    try {
      write(file);
      if (file !== '-') outcome.written.push(file);
    } catch (error) {
      outcome.failed.push(`cannot write the ${kind} report ${file}: ${writerProblem(error)}`);
    }
  };
  const json = reportPath(reports.json, target, several);
  attempt('JSON', json, (file) =>
    file === '-' ? process.stdout.write(JSON.stringify(results, null, 1) + '\n') : writeResultsJson(results, file),
  );
  attempt('HTML', reportPath(reports.html, target, several), (file) => writeHtml(results, file));
  attempt('JUnit', reportPath(reports.junit, target, several), (file) => writeJUnit(results, file));
  attempt('SARIF', reportPath(reports.sarif, target, several), (file) => {
    const isFile = (candidate: string) => existsSync(candidate) && statSync(candidate).isFile();
    const location = sarifLocation(
      [reports.configFile, ...entryPointCandidates(target.spec), json === '-' ? undefined : json],
      file,
      process.cwd(),
      isFile,
    );
    writeSarif(results, file, { location });
  });
  return outcome;
}

/** An errno code says it all; anything else is our bug, named by its first line. */
function writerProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code === 'string') return code;
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return message.split('\n')[0].slice(0, 200);
}

/** The job summary wherever $GITHUB_STEP_SUMMARY is set; annotations inside GitHub Actions. */
export function reportToGitHub(
  results: RunResults,
  written: string[],
  out: NodeJS.WritableStream,
  env = process.env,
): void {
  if (env.GITHUB_ACTIONS === 'true') for (const line of renderAnnotations(results)) out.write(line + '\n');
  if (!env.GITHUB_STEP_SUMMARY) return;
  try {
    appendFileSync(env.GITHUB_STEP_SUMMARY, renderJobSummary(results, { written }));
  } catch (error) {
    process.stderr.write(
      `mcp-conform: cannot write the job summary to ${env.GITHUB_STEP_SUMMARY}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`,
    );
  }
}
