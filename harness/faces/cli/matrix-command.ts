// `mcp-conform report matrix`: one checks x implementations matrix (HTML, JSON, badges) from any
// set of results files, e.g. those of a CI job per server. Also writes the matrix of `run` over
// a config file's targets when the file has a `matrix` key.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseOptions } from './parse-options.js';
import {
  buildImplementationMatrix,
  type ImplementationMatrix,
  type MatrixSource,
} from '../../results/implementation-matrix.js';
import type { RunResults } from '../../results/results.js';
import { readResultsJson, ResultsFileError } from '../../../reports/json.js';
import { badgeFileNames, renderBadge } from '../../../reports/matrix-page/badge.js';
import { matrixConsoleLines } from '../../../reports/matrix-page/console.js';
import { writeMatrixHtml, writeMatrixJson } from '../../../reports/matrix-page/index.js';
import { TOOL_NAME, TOOL_VERSION } from '../../version.js';
import { UsageError } from './target-options.js';

export const MATRIX_HELP = `Usage: mcp-conform report matrix <results.json>[=<report.html>]... [options]

Builds one checks x implementations matrix from results files written by \`run --json\`, one
column per file (an implementation over one transport): each cell the verdict, its reason on
hover, and a link to that run's evidence: its own HTML report when given after the file
(results.json=report.html), else the reason on the matrix page. The header gives each
implementation's totals, pass rate, unique failures (checks it alone fails while another
passes) and conformance levels per revision.

Options:
  --html <file>           write the self-contained matrix page (no network, filters included)
  --json <file>           write the matrix as JSON (matrixSchemaVersion 1)
  --badges <dir>          write an SVG badge per implementation ("<pass rate>% <revision>")
  --label <file>=<name>   name the column of that results file (repeatable); by default the
                          server's name and version from its serverInfo
  -h, --help              show this help

Exit status: 0 the matrix was built (whatever its verdicts); 2 a file could not be read, is
not an mcp-conform results file or is of another schemaVersion, or a usage error.

Examples:
  mcp-conform report matrix python.json go.json ts.json --html matrix.html --json matrix.json
  mcp-conform report matrix py.json=py.html go.json=go.html --label py.json="Python SDK" --badges badges`;

export interface MatrixOutputs {
  html?: string;
  json?: string;
  badges?: string;
}

/** A relative URL from the matrix page's folder to a file, each path segment encoded. */
export function relativeLink(from: string | undefined, file: string): string {
  const base = from === undefined ? process.cwd() : path.dirname(path.resolve(from));
  return path.relative(base, path.resolve(file)).split(path.sep).map(encodeURIComponent).join('/');
}

function parseSource(
  arg: string,
  labels: Map<string, string>,
  html: string | undefined,
): { file: string; report?: string; label?: string } {
  // results.json=report.html; a results file name containing '=' is still found as given.
  const split = arg.lastIndexOf('=');
  const [file, report] = existsSync(arg) || split <= 0 ? [arg, undefined] : [arg.slice(0, split), arg.slice(split + 1)];
  if (report !== undefined && !existsSync(report))
    throw new UsageError(`${file}: its HTML report ${report} does not exist`);
  const label = labels.get(path.resolve(file));
  labels.delete(path.resolve(file));
  return { file, ...(report ? { report: relativeLink(html, report) } : {}), ...(label ? { label } : {}) };
}

function labelOptions(values: string[] | undefined): Map<string, string> {
  const labels = new Map<string, string>();
  for (const value of values ?? []) {
    const split = value.indexOf('=');
    if (split <= 0 || split === value.length - 1)
      throw new UsageError(`--label expects <results file>=<name>, got ${JSON.stringify(value)}`);
    labels.set(path.resolve(value.slice(0, split)), value.slice(split + 1));
  }
  return labels;
}

/** Writes what was asked for; returns the files written. */
export function writeMatrix(matrix: ImplementationMatrix, outputs: MatrixOutputs): string[] {
  const written: string[] = [];
  try {
    if (outputs.html) {
      writeMatrixHtml(matrix, { name: TOOL_NAME, version: TOOL_VERSION }, outputs.html);
      written.push(outputs.html);
    }
    if (outputs.json) {
      writeMatrixJson(matrix, outputs.json);
      written.push(outputs.json);
    }
    if (outputs.badges) {
      mkdirSync(outputs.badges, { recursive: true });
      const names = badgeFileNames(matrix.columns);
      names.forEach((name, i) => {
        const file = path.join(outputs.badges!, name);
        writeFileSync(file, renderBadge(matrix, i));
        written.push(file);
      });
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code)
      throw new UsageError(`cannot write the matrix: ${code} ${(error as NodeJS.ErrnoException).path ?? ''}`.trim());
    throw error;
  }
  return written;
}

/** Builds, writes and prints the matrix of results already in memory (run over config targets). */
export function reportMatrix(sources: MatrixSource[], outputs: MatrixOutputs, out: NodeJS.WritableStream): void {
  const matrix = buildImplementationMatrix(sources);
  const written = writeMatrix(matrix, outputs);
  out.write(
    [...matrixConsoleLines(matrix), ...(written.length ? [`matrix: ${written.join(', ')}`] : [])].join('\n') + '\n',
  );
}

export async function matrixCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions({
    args: argv,
    allowPositionals: true,
    options: {
      html: { type: 'string' },
      json: { type: 'string' },
      badges: { type: 'string' },
      label: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(MATRIX_HELP + '\n');
    return 0;
  }
  if (positionals.length === 0)
    throw new UsageError(
      'report matrix needs results files, one per implementation; try mcp-conform report matrix --help',
    );
  const labels = labelOptions(values.label);
  const parsed = positionals.map((arg) => parseSource(arg, labels, values.html));
  if (labels.size > 0)
    throw new UsageError(`--label names a file that is not an input: ${[...labels.keys()].join(', ')}`);
  const sources: MatrixSource[] = parsed.map((source) => {
    let results: RunResults;
    try {
      results = readResultsJson(source.file);
    } catch (error) {
      if (error instanceof ResultsFileError) throw new UsageError(error.message);
      throw error;
    }
    return { ...source, results };
  });
  reportMatrix(sources, { html: values.html, json: values.json, badges: values.badges }, process.stdout);
  return 0;
}
