// What a result says of its check besides the verdict: the check's description, the cited index
// rows, and the bounded transcript and notes; and the result of a check the run never reached.
import type { Check } from '../checks/check.js';
import { isObject } from '../model.js';
import { shortenString } from '../recorder/abridge.js';
import type { WireEntry, WireRecorder } from '../recorder/wire-log.js';
import type { CatalogRow, CheckResult } from '../results/results.js';
import type { RunSettings } from './settings.js';

export function boundTranscript(entries: WireEntry[], max: number): { transcript: WireEntry[]; dropped?: number } {
  if (entries.length <= max) return { transcript: entries };
  const head = Math.floor(max / 3);
  const tail = max - head;
  return {
    transcript: [...entries.slice(0, head), ...entries.slice(entries.length - tail)],
    dropped: entries.length - max,
  };
}

/** Longest reason kept: a reason is a line to read, its evidence goes in expected/actual. */
export const MAX_REASON = 1000;
const MAX_NOTES = 50;

/** Notes of a check, each short, at most MAX_NOTES of them and a count of the rest. */
export function boundNotes(notes: string[]): string[] | undefined {
  if (notes.length === 0) return undefined;
  const kept = notes.slice(0, MAX_NOTES).map((note) => shortenString(note, MAX_REASON));
  return notes.length > MAX_NOTES ? [...kept, `${notes.length - MAX_NOTES} more notes not kept`] : kept;
}

/** What a result says of its check, whatever its verdict. */
export function describeCheck(check: Check, settings: RunSettings) {
  return {
    id: check.id,
    revision: check.revision,
    area: check.area,
    title: check.title,
    requirement: check.requirement,
    level: check.level,
    spec: check.specUrl,
    catalog: check.catalog,
    catalogRows: citedRows(check, settings),
    transport: settings.target.kind,
  };
}

/** The index rows a check cites, found by the lookup the face passed in; ids the index lacks are left out. */
function citedRows(check: Check, settings: RunSettings): CatalogRow[] | undefined {
  const lookup = settings.catalogLookup;
  if (!lookup || !check.catalog?.length) return undefined;
  return check.catalog.flatMap((id) => lookup(check.revision, id) ?? []);
}

/** A check the run never reached because it was interrupted. */
export function notRun(check: Check, settings: RunSettings): CheckResult {
  return {
    ...describeCheck(check, settings),
    verdict: 'skip',
    reason: 'not run: the run was interrupted',
    durationMs: 0,
    transcript: [],
  };
}

/** Answers that came after the harness stopped waiting for a check's requests: noted as late. */
export function withLateAnswers(result: CheckResult, recorder: WireRecorder): CheckResult {
  const waited = result.transcript.filter((entry) => entry.timeout && entry.requestId !== undefined);
  if (waited.length === 0) return result;
  const late: string[] = [];
  for (const wait of waited) {
    const answer = recorder.entries.find(
      (entry) =>
        entry.anomaly === 'late-response' &&
        entry.connection === wait.connection &&
        isObject(entry.message) &&
        entry.message.id === wait.requestId,
    );
    if (answer)
      late.push(
        `the answer to id ${JSON.stringify(wait.requestId)} came ${Math.round(answer.t - wait.t)} ms after the harness stopped waiting`,
      );
  }
  return late.length > 0 ? { ...result, notes: [...(result.notes ?? []), ...late] } : result;
}
