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

/** Writes the asked-for reports; `--json -` goes to stdout. Returns the files written, for the last line. */
export function writeReports(results: RunResults, reports: ReportFiles, target: NamedTarget, several: boolean): string[] {
  const written: string[] = [];
  const json = reportPath(reports.json, target, several);
  if (json === '-') process.stdout.write(JSON.stringify(results, null, 1) + '\n');
  else if (json) {
    writeResultsJson(results, json);
    written.push(json);
  }
  const html = reportPath(reports.html, target, several);
  if (html) {
    writeHtml(results, html);
    written.push(html);
  }
  const junit = reportPath(reports.junit, target, several);
  if (junit) {
    writeJUnit(results, junit);
    written.push(junit);
  }
  const sarif = reportPath(reports.sarif, target, several);
  if (sarif) {
    const isFile = (file: string) => existsSync(file) && statSync(file).isFile();
    const location = sarifLocation([reports.configFile, ...entryPointCandidates(target.spec), json === '-' ? undefined : json], sarif, process.cwd(), isFile);
    writeSarif(results, sarif, { location });
    written.push(sarif);
  }
  return written;
}

/** The job summary wherever $GITHUB_STEP_SUMMARY is set; annotations inside GitHub Actions. */
export function reportToGitHub(results: RunResults, written: string[], out: NodeJS.WritableStream, env = process.env): void {
  if (env.GITHUB_ACTIONS === 'true') for (const line of renderAnnotations(results)) out.write(line + '\n');
  if (!env.GITHUB_STEP_SUMMARY) return;
  try {
    appendFileSync(env.GITHUB_STEP_SUMMARY, renderJobSummary(results, { written }));
  } catch (error) {
    process.stderr.write(`mcp-conform: cannot write the job summary to ${env.GITHUB_STEP_SUMMARY}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`);
  }
}
