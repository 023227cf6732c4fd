// Findings seen before (`fuzz --seen-findings FILE`): the signatures of an earlier run's results
// JSON, or a plain list of them. A finding whose signature is listed is marked as seen; with
// `--new-only` it is still reported but no longer fails the run, so a PR that adds no bug stays green.
import { readFileSync } from 'node:fs';
import { signatureOf } from './finding-signature.js';
import type { FuzzFinding, FuzzResults } from './fuzz-results.js';
import { isObject } from './vocabulary.js';

export interface SeenFindings {
  files: string[];
  /** Signature -> the file that lists it (the first, when several do). */
  bySignature: Map<string, string>;
}

export class SeenFindingsFileError extends Error {}

const SIGNATURE = /^fs\d+-[0-9a-f]{16}$/;

function fromResults(fuzz: unknown): string[] {
  const section = isObject(fuzz) ? fuzz : {};
  const lists = [section.findings, section.warnings].filter(Array.isArray) as unknown[][];
  return lists.flat().flatMap((finding) => (isObject(finding) ? [signatureOf(finding as unknown as FuzzFinding)] : []));
}

function fromList(items: unknown[], file: string): string[] {
  return items.map((item, index) => {
    if (typeof item === 'string' && SIGNATURE.test(item.trim())) return item.trim();
    throw new SeenFindingsFileError(`${file} item ${index + 1}: not a finding signature: ${JSON.stringify(item)}`);
  });
}

/** The signatures a file lists: a results JSON (its findings and warnings), a JSON list, or one per line (`#` comments). */
export function parseSeenFindings(text: string, file: string): string[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    let document: unknown;
    try {
      document = JSON.parse(trimmed);
    } catch (error) {
      throw new SeenFindingsFileError(`cannot parse ${file}: ${(error as Error).message}`);
    }
    if (Array.isArray(document)) return fromList(document, file);
    if (isObject(document) && Array.isArray(document.signatures)) return fromList(document.signatures, file);
    if (isObject(document) && 'fuzz' in document) return fromResults(document.fuzz);
    throw new SeenFindingsFileError(
      `${file}: expected the results JSON of a fuzz run, a list of signatures, or {"signatures": [...]}`,
    );
  }
  const lines = trimmed.split('\n').map((line) => line.replace(/#.*/, '').trim());
  return fromList(
    lines.filter((line) => line !== ''),
    file,
  );
}

export function loadSeenFindings(files: string[]): SeenFindings {
  const bySignature = new Map<string, string>();
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new SeenFindingsFileError(`cannot read the findings seen before, ${file}: ${why}`);
    }
    for (const signature of parseSeenFindings(text, file))
      if (!bySignature.has(signature)) bySignature.set(signature, file);
  }
  return { files, bySignature };
}

/** The finding marked with the file that lists its signature, if one does. */
export function markSeen(finding: FuzzFinding, seen: SeenFindings | undefined): FuzzFinding {
  const file = seen?.bySignature.get(signatureOf(finding));
  return file === undefined ? finding : { ...finding, seenIn: file };
}

/** How many of the run's findings and warnings were seen before, and how many are new. */
export function seenCounts(fuzz: FuzzResults | undefined): { seen: number; fresh: number } {
  const all = [...(fuzz?.findings ?? []), ...(fuzz?.warnings ?? [])];
  const seen = all.filter((f) => f.seenIn).length;
  return { seen, fresh: all.length - seen };
}
