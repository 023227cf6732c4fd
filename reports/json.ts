// The results file is the source of truth; every other report is rendered from it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { RESULTS_SCHEMA_VERSION, type RunResults } from '../harness/results/results.js';

export function writeResultsJson(results: RunResults, file: string): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, JSON.stringify(results, null, 1) + '\n');
}

export class ResultsFileError extends Error {}

export function readResultsJson(file: string): RunResults {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ResultsFileError(`cannot read results file ${file}: ${(error as Error).message}`);
  }
  const results = parsed as RunResults;
  if (typeof results !== 'object' || results === null || !Array.isArray(results.checks)) {
    throw new ResultsFileError(`${file} is not an mcp-conform results file`);
  }
  if (results.schemaVersion !== RESULTS_SCHEMA_VERSION) {
    throw new ResultsFileError(
      `${file} has results schemaVersion ${results.schemaVersion}; this mcp-conform reads ${RESULTS_SCHEMA_VERSION}`,
    );
  }
  return results;
}
