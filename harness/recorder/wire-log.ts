// Records every byte and message in both directions, so each verdict can show its evidence.

import type { WireEntry } from '../results/wire-entry.js';
import { abridge, detached, MAX_PRINTED_BYTES } from './abridge.js';
import type { AnswersInFlight } from './answers-in-flight.js';
import { BudgetLedger } from './budget-ledger.js';
import { factsOf } from './facts.js';
import { heapEstimate } from './heap-estimate.js';

// The entry's shape is the results contract's; the recorder fills it.
export type { Direction, HttpDetails, SseDetails, WireEntry, WireKind } from '../results/wire-entry.js';

export type WireInput = Omit<WireEntry, 'seq' | 't' | 'at'> & {
  /** Size on the wire, for the memory budget (not stored). */
  sizeHint?: number;
};

export interface RecorderOptions {
  /** Longest text kept per entry; the rest is cut and `truncated` set. */
  maxTextBytes?: number;
  /** Most entries kept in memory; later entries are counted but dropped. */
  maxEntries?: number;
  /** Content bytes (texts and messages) kept in all; past it entries keep only their metadata. */
  maxTotalBytes?: number;
  /** Heap bytes (estimated) of cut messages kept whole for the checks; past it only their facts are kept. */
  maxWholeBytes?: number;
  /** The same budget shared with other recorders (a run's revisions), in place of maxWholeBytes. */
  wholeBudget?: WholeBudget;
  /** The run's count of answers held by the checks in flight (the pool's admission reads it). */
  answers?: AnswersInFlight;
}

/**
 * Heap bytes of whole messages kept for the checks, shared by every recorder of a run: two
 * revisions with a budget each kept 13 copies (104 MB) of one 2 MB answer where one budget keeps 4.
 * 16 MB, not 32: the checks walking a paged list hold each page too (11 copies of 8 MB were live in
 * the deep-answer run, 4 of them this budget's); its verdicts stayed the same, 285 of 285.
 */
export class WholeBudget {
  used = 0;
  constructor(readonly max = 16 * 1024 * 1024) {}
}

/**
 * Entries kept per recorder (a revision); later ones are counted. 50,000, not 100,000: a notification
 * flood filled both revisions' logs, 90 MB of live heap at 450 bytes an entry, for a peak past 300 MB.
 */
export const MAX_ENTRIES = 50_000;

type Listener = (entry: WireEntry) => void;

/** A JSON-RPC response: an object with an id member or a result or error, and no method. */
function isResponse(message: unknown): boolean {
  if (typeof message !== 'object' || message === null || Array.isArray(message) || 'method' in message) return false;
  return 'result' in message || 'error' in message || 'id' in message;
}

/** Entries the verdict rules read (a wait, its proof, an answer over the line cap): bounded by the harness's own requests. */
function decidesVerdicts(entry: WireEntry): boolean {
  return entry.timeout === true || entry.provesRead !== undefined || entry.overCap === true;
}

// Checks judge whole messages, never evidence copies: a cut entry keeps what the checks read beside
// it, out of the report (a WeakMap, not a member): the whole message within a budget, past it its facts.
const wholeMessages = new WeakMap<WireEntry, unknown>();

/** The message as it came, for judging: the whole one, or its facts when the budget ran out. */
export function wholeMessage(entry: WireEntry): unknown {
  return wholeMessages.has(entry) ? wholeMessages.get(entry) : entry.message;
}

export class WireRecorder {
  readonly entries: WireEntry[] = [];
  dropped = 0;
  private readonly origin = performance.now();
  private seq = 0;
  private readonly listeners = new Set<Listener>();
  readonly maxTextBytes: number;
  private readonly maxEntries: number;
  private readonly maxTotalBytes: number;
  private readonly whole: WholeBudget;
  private readonly answers: AnswersInFlight | undefined;
  /** Content bytes kept so far, and entries whose content was dropped for the budget. */
  keptBytes = 0;
  contentDropped = 0;
  private readonly responses = new Map<string, number>();
  /** What the budgets of the recorder and the transports left out, for the run's notes. */
  readonly spent = new BudgetLedger();

  constructor(options: RecorderOptions = {}) {
    this.maxTextBytes = options.maxTextBytes ?? 64 * 1024;
    this.maxEntries = options.maxEntries ?? MAX_ENTRIES;
    // Reports print an entry once per check it belongs to: the budget is a fraction of what they may hold.
    this.maxTotalBytes = options.maxTotalBytes ?? 16 * 1024 * 1024;
    this.whole = options.wholeBudget ?? new WholeBudget(options.maxWholeBytes);
    this.answers = options.answers;
  }

  record(input: WireInput): WireEntry {
    const { sizeHint, ...rest } = input;
    const entry: WireEntry = {
      seq: this.seq++,
      t: Math.round((performance.now() - this.origin) * 1000) / 1000,
      at: new Date().toISOString(),
      ...rest,
    };
    // The verdict rules read the harness's waits and their proofs: a flood never pushes those out.
    if (this.entries.length >= this.maxEntries && !decidesVerdicts(entry)) return this.passBy(entry, sizeHint);
    if (entry.text !== undefined && entry.text.length > this.maxTextBytes) {
      entry.bytes ??= Buffer.byteLength(entry.text);
      entry.text = detached(entry.text.slice(0, this.maxTextBytes));
      entry.truncated = true;
    }
    let messageSize = sizeHint ?? 256;
    const whole = entry.message;
    if (entry.message !== undefined) {
      // The log keeps evidence, budgeted by printed size; the exchange keeps the whole message for the checks.
      const kept = abridge(entry.message);
      if (kept !== entry.message) {
        const wireSize = sizeHint ?? MAX_PRINTED_BYTES;
        // A request or notification the server chose to make big is judged by its facts: the
        // checks read its envelope, and the server could send one before every answer.
        const unsolicited = entry.direction === 'server->client' && !isResponse(whole) && wireSize > MAX_PRINTED_BYTES;
        // Budgeted by heap, not wire: dense numbers cost four times their wire size or more.
        const heap = unsolicited ? 0 : heapEstimate(whole, this.whole.max - this.whole.used);
        const keepWhole = !unsolicited && this.whole.used + heap <= this.whole.max;
        if (keepWhole) this.whole.used += heap;
        if (unsolicited) this.spent.note('server requests and notifications over 64 KB kept as their facts', wireSize);
        wholeMessages.set(entry, keepWhole ? whole : factsOf(whole));
        entry.message = kept;
        entry.truncated = true;
        entry.bytes ??= sizeHint;
        entry.note = appendNote(entry.note, `message cut to ${MAX_PRINTED_BYTES / 1024} KB of evidence`);
        messageSize = MAX_PRINTED_BYTES;
      }
    }
    // A flooding server must not exhaust memory: past the budget, keep only what happened.
    const size = (entry.text?.length ?? 0) + (entry.message !== undefined ? messageSize : 0);
    if (this.keptBytes + size > this.maxTotalBytes) {
      if (entry.text !== undefined || entry.message !== undefined) {
        this.contentDropped++;
        if (whole !== undefined && !wholeMessages.has(entry)) wholeMessages.set(entry, factsOf(whole));
        entry.bytes ??= sizeHint ?? entry.text?.length;
        // Not delete: a deleted member turns each of a flood's entries into a slower, larger dictionary.
        entry.text = undefined;
        entry.message = undefined;
        entry.truncated = true;
        entry.note = appendNote(entry.note, 'content dropped (wire log budget used up)');
      }
    } else {
      this.keptBytes += size;
    }
    this.countResponse(entry, whole, sizeHint);
    this.entries.push(entry);
    // Listeners judge what came (the fuzzer): they hear the whole message, the log keeps the evidence.
    const heard = whole !== entry.message && entry.message !== undefined ? { ...entry, message: whole } : entry;
    for (const listener of this.listeners) listener(heard);
    return entry;
  }

  /** An entry past the entry cap: counted and heard, never cut or budgeted (a flood's entries cost no evidence). */
  private passBy(entry: WireEntry, sizeHint: number | undefined): WireEntry {
    this.dropped++;
    this.countResponse(entry, entry.message, sizeHint);
    for (const listener of this.listeners) listener(entry);
    return entry;
  }

  private countResponse(entry: WireEntry, whole: unknown, sizeHint: number | undefined): void {
    if (entry.direction !== 'server->client' || entry.kind !== 'message' || !isResponse(whole)) return;
    this.responses.set(entry.connection, (this.responses.get(entry.connection) ?? 0) + 1);
    this.answers?.add(entry.checks, sizeHint ?? 256);
  }

  /** Text of raw bytes for the log: UTF-8 when valid, plus hex of the head when not. */
  describeBytes(bytes: Uint8Array): Pick<WireEntry, 'text' | 'bytes' | 'truncated' | 'hex'> {
    const head = bytes.subarray(0, this.maxTextBytes);
    const text = Buffer.from(head).toString('utf8');
    const valid = isValidUtf8(head);
    return {
      text,
      bytes: bytes.length,
      truncated: bytes.length > head.length || undefined,
      hex: valid ? undefined : Buffer.from(bytes.subarray(0, 256)).toString('hex'),
    };
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** JSON-RPC responses read on a connection so far, counted whether or not the log kept them. */
  responsesOn(connection: string): number {
    return this.responses.get(connection) ?? 0;
  }

  /** Entries that belong to one check, in order. */
  forCheck(checkId: string): WireEntry[] {
    return this.entries.filter((entry) => entry.checks?.includes(checkId));
  }

  /** Entries from `since` (a seq) onward. */
  since(seq: number): WireEntry[] {
    return this.entries.filter((entry) => entry.seq >= seq);
  }

  get nextSeq(): number {
    return this.seq;
  }
}

function appendNote(note: string | undefined, extra: string): string {
  return note ? `${note}; ${extra}` : extra;
}

export function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
