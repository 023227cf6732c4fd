// Writes the report files a command was asked for, all rendered from the same results.
import type { RunResults } from '../harness/results/results.js';
import { writeHtml } from './html/index.js';
import { writeResultsJson } from './json.js';
import { writeJUnit } from './junit.js';

export interface OutputFiles {
  json?: string;
  junit?: string;
  html?: string;
}

export class OutputError extends Error {}

export function writeOutputs(results: RunResults, files: OutputFiles): void {
  const jobs: Array<[string | undefined, (r: RunResults, f: string) => void]> = [
    [files.json, writeResultsJson],
    [files.junit, writeJUnit],
    [files.html, writeHtml],
  ];
  for (const [file, write] of jobs) {
    if (file === undefined) continue;
    try {
      write(results, file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code) throw new OutputError(`cannot write ${file}: ${code}`);
      throw error;
    }
  }
}
