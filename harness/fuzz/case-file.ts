// A finding as a file: the exact bytes sent (steps), what the spec allowed (slots), what came
// back, and the seed and path. `mcp-conform replay FILE` re-sends the steps and judges again.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isObject, isRevision, type Level, type Revision, type TransportKind } from '../model.js';
import type { WireEntry } from '../recorder/wire-log.js';
import type { FuzzFailure } from '../results/fuzz-results.js';
import type { FuzzCase } from './case.js';
import type { Dependence } from './dependence.js';

export const CASE_FILE_FORMAT = 'mcp-conform-fuzz-case/1';

export interface CaseFile {
  format: typeof CASE_FILE_FORMAT;
  /** The finding id, `fuzz/<revision>/<campaign>/<property>`. */
  id: string;
  property: { id: string; title: string; requirement: string; level: Level; spec: string };
  revision: Revision;
  transport: TransportKind;
  /** The target it was found on (replay may be pointed elsewhere). */
  target: string;
  /** How to reach it again: command and args, or the URL (no env values or headers: they may be secrets). */
  targetSpec?:
    | { kind: 'stdio'; command: string; args: string[]; cwd?: string; inheritEnv?: boolean }
    | { kind: 'http'; url: string };
  seed: number;
  path?: string;
  counterexample: unknown;
  case: FuzzCase;
  /** What the case needs sent before it on a fresh process (`replay` sends the same). */
  dependence?: Dependence;
  failures: FuzzFailure[];
  /** The command that regenerates this case from the seed and path. */
  replayCommand: string;
  wire: WireEntry[];
  createdAt: string;
}

export class CaseFileError extends Error {}

export function caseFileName(file: Pick<CaseFile, 'revision' | 'property' | 'seed' | 'path'>): string {
  const slug = file.property.id.split('/').slice(1).join('-');
  const tag = createHash('sha256')
    .update(`${file.seed}:${file.path ?? ''}`)
    .digest('hex')
    .slice(0, 8);
  return `${file.revision}-${slug}-seed${file.seed}-${tag}.json`;
}

/** Writes the case under its name, or `-2`, `-3`, ... after it when a rerun finds that name taken: no finding file is overwritten. */
export function writeCaseFile(dir: string, file: CaseFile): string {
  mkdirSync(dir, { recursive: true });
  const name = caseFileName(file);
  const text = JSON.stringify(file, null, 1) + '\n';
  for (let n = 1; ; n++) {
    const target = path.join(dir, n === 1 ? name : name.replace(/\.json$/, `-${n}.json`));
    try {
      writeFileSync(target, text, { flag: 'wx' });
      return target;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

export function readCaseFile(file: string): CaseFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CaseFileError(`cannot read fuzz case file ${file}: ${(error as Error).message}`);
  }
  if (!isObject(parsed) || parsed.format !== CASE_FILE_FORMAT)
    throw new CaseFileError(`${file} is not an mcp-conform fuzz case file (format ${CASE_FILE_FORMAT})`);
  const steps = isObject(parsed.case) ? parsed.case.steps : undefined;
  if (!Array.isArray(steps) || !steps.every((step) => isObject(step) && Array.isArray(step.slots)))
    throw new CaseFileError(`${file} has no case steps to replay`);
  if (typeof parsed.revision !== 'string' || !isRevision(parsed.revision))
    throw new CaseFileError(`${file} names no revision this mcp-conform knows`);
  return parsed as unknown as CaseFile;
}
