// Runs one fuzz case on the live target: sends each step's bytes exactly (stdio: piece by piece
// as separate writes; HTTP: one POST per step, chunked when split, its answer read here when split
// or strictSse), waits for the answers the slots need, then probes that the server still serves.
// Records everything; judges nothing.
import type { HttpConnection } from '../transports/http-connection.js';
import { isObject, isResponse, type JsonObject } from '../model.js';
import type { WireEntry } from '../recorder/wire-log.js';
import { needsAnswer, stepPieces, type FuzzCase, type Slot, type Step } from './case.js';
import { wakeableWait } from './wakeable-wait.js';
import { outcomeOfExchange, postDirect, type PostOutcome } from '../transports/http-post.js';
import type { LiveTarget } from './live-target.js';
import { idsEqual } from './ids.js';
import { showSalt, withSalt } from './salt.js';
import type { ConnectionLedger } from './connection-oracle.js';

export interface Received {
  message: JsonObject;
  /** Index of the step group it arrived during (the probe is the last group). */
  group: number;
  /** HTTP: the step whose POST carried it. */
  step?: number;
}

export interface CaseRun {
  fuzzCase: FuzzCase;
  transport: 'stdio' | 'http';
  /** Step indices sent together (a step with `overlap` joins the next). */
  groups: number[][];
  received: Received[];
  /** HTTP: what each step's POST got back. */
  posts: Array<PostOutcome | undefined>;
  /** stdout bytes that are no message, and messages read only by mending their line (`framingFault`). */
  pollution: WireEntry[];
  probe: { id?: unknown; method?: string; answered: boolean; description: string; message?: JsonObject };
  /** stdio: the server exited during the case. */
  crash?: { exit: string; stderr: string };
  /** 2025-11-25: the client capabilities the session declared. */
  declared: JsonObject;
  entries: WireEntry[];
  durationMs: number;
  /** stdio: the cases sent on the same connection before this one, oldest first (harness/fuzz/dependence.ts). */
  before?: Step[][];
  /** The live target's number for this case (harness/fuzz/connection-oracle.ts). */
  caseNo?: number;
}

export interface ExecuteOptions {
  timeoutMs: number;
  /** Pause between the pieces of a split step, so they arrive as separate reads. */
  splitGapMs: number;
  /** After the probe is answered, how long late answers are still collected (stdio). */
  settleMs: number;
  /** stdio: false sends every case singly (no pipelined pre-screen, harness/fuzz/pipeline.ts). */
  pipeline?: boolean;
}

export const DEFAULT_EXECUTE: ExecuteOptions = { timeoutMs: 2000, splitGapMs: 3, settleMs: 3 };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function groupsOf(steps: Step[]): number[][] {
  const groups: number[][] = [];
  let current: number[] = [];
  steps.forEach((step, index) => {
    current.push(index);
    if (!step.overlap) {
      groups.push(current);
      current = [];
    }
  });
  if (current.length > 0) groups.push(current);
  return groups;
}

/** Is there an answer to this slot among what has arrived (by id, or an id-less error where allowed)? */
export function answered(slot: Slot, received: Received[], fromGroup: number): boolean {
  const since = received.filter((r) => r.group >= fromGroup && isResponse(r.message));
  if (slot.id !== undefined && since.some((r) => 'id' in r.message && idsEqual(r.message.id, slot.id, true)))
    return true;
  const idless = slot.allow.some((a) => a.answer === 'idless-error');
  return idless && since.some((r) => r.message.id === undefined || r.message.id === null);
}

export async function executeCase(target: LiveTarget, template: FuzzCase, options: ExecuteOptions): Promise<CaseRun> {
  const started = performance.now();
  const fuzzCase = withSalt(template, target.nextSalt());
  const slots = fuzzCase.steps.flatMap((step) => step.slots);
  await target.ensureNothingOwed(slots, template.sessionCapabilities);
  target.recorder.reset();
  const connection = target.client.connection;
  const before = target.transport === 'stdio' ? target.history : undefined;
  target.remember(fuzzCase.steps);
  const caseNo = target.nextCase();
  const ledger = target.ledger;
  ledger.sending(
    fuzzCase.steps.map((step) => step.text ?? ''),
    caseNo,
  );
  const run: CaseRun = {
    caseNo,
    before,
    fuzzCase,
    transport: target.transport,
    groups: groupsOf(fuzzCase.steps),
    received: [],
    posts: [],
    pollution: [],
    probe: { answered: false, description: 'not sent' },
    declared: target.declared,
    entries: [],
    durationMs: 0,
  };
  let group = 0;
  const waiting = wakeableWait();
  const unsubscribe = target.recorder.subscribe((entry) => {
    // A message read only by mending its line (framingFault) is still delivered below, and judged as stdout noise too.
    // Stray bytes of another connection (a spare being readied, one ending) are not this case's.
    const ours = entry.connection === connection.name;
    if (ours && (entry.kind === 'pollution' || entry.framingFault)) run.pollution.push(entry);
    if (
      target.transport === 'stdio' &&
      entry.direction === 'server->client' &&
      entry.kind === 'message' &&
      entry.connection === connection.name &&
      isObject(entry.message)
    ) {
      // An answer owed to an earlier case on this connection is set aside, not judged here.
      if (!target.owed.takeLate(entry.message, slots)) run.received.push({ message: entry.message, group });
    }
    waiting.wake();
  });
  const waitUntil = (done: () => boolean, ms: number) => waiting.until(done, () => connection.alive, ms);

  try {
    for (const indices of run.groups) {
      if (!connection.alive) break;
      const steps = indices.map((i) => fuzzCase.steps[i]);
      if (target.transport === 'http') {
        const posts = await Promise.all(steps.map((step) => post(target, step, options)));
        indices.forEach((stepIndex, k) => {
          run.posts[stepIndex] = posts[k];
          for (const message of posts[k].messages) run.received.push({ message, group, step: stepIndex });
        });
      } else {
        for (const step of steps) await write(target, step, options);
        const wanted = steps.flatMap((step) => step.slots).filter(needsAnswer);
        const from = group;
        await waitUntil(() => wanted.every((slot) => answered(slot, run.received, from)), options.timeoutMs);
      }
      group++;
    }
    const busy = slots.some((slot) => slot.patient && !answered(slot, run.received, 0));
    if (busy) {
      run.probe = { answered: false, description: 'not sent: the server is still busy with the case' };
    } else if (connection.alive) {
      const exchange = await target.probe();
      run.probe = {
        id: exchange.id,
        method: exchange.method,
        answered: exchange.response !== undefined,
        description: describe(exchange),
        message: exchange.response,
      };
      if (target.transport === 'http' && exchange.response)
        run.received.push({ message: exchange.response, group, step: -1 });
      if (target.transport === 'stdio' && exchange.response) await sleep(options.settleMs);
    } else {
      run.probe = { answered: false, description: 'server is not running' };
    }
  } finally {
    unsubscribe();
  }
  // What the server may still answer arrives into the next case, which sets it aside.
  if (target.transport === 'stdio' && connection.alive)
    target.owed.add(
      slots,
      run.received.map((r) => r.message),
    );
  run.crash = target.exitReport();
  recordInLedger(ledger, run);
  // stdio: the case's own connection (a spare readied meanwhile has traffic of its own); HTTP: its POSTs.
  run.entries = target.recorder.entries.filter(
    (entry) => target.transport !== 'stdio' || entry.connection === connection.name,
  );
  run.durationMs = Math.round(performance.now() - started);
  return run;
}

/** The case's requests, in the order sent, then the probe (stdio); HTTP: the messages its POSTs carried, for the notification rules only. */
function recordInLedger(ledger: ConnectionLedger, run: CaseRun): void {
  if (run.transport === 'http') {
    for (const received of run.received) if (received.step !== -1) ledger.received(received.message);
    return;
  }
  run.groups.forEach((indices, group) => {
    for (const slot of indices.flatMap((index) => run.fuzzCase.steps[index].slots)) {
      if (slot.id === undefined || slot.id === null) continue;
      ledger.request({
        id: slot.id,
        what: showSalt(slot.what, run.fuzzCase.salt),
        method: slot.method,
        needsAnswer: needsAnswer(slot),
        answered: answered(slot, run.received, group),
        // A tool call may run as long as it needs: an answer to a later request proves nothing about it.
        exempt: slot.patient ? 'a tool call may still be running' : undefined,
        caseNo: run.caseNo,
      });
    }
  });
  if (run.probe.id !== undefined)
    ledger.request({
      id: run.probe.id,
      what: `the liveness probe (${run.probe.method ?? 'request'})`,
      method: run.probe.method,
      needsAnswer: true,
      answered: run.probe.answered,
      caseNo: run.caseNo,
    });
}

function describe(exchange: { response?: JsonObject; timedOut: boolean; transportError?: string }): string {
  if (exchange.transportError) return exchange.transportError;
  if (exchange.timedOut) return 'no answer before the timeout';
  return exchange.response ? 'answered' : 'no answer';
}

async function write(target: LiveTarget, step: Step, options: ExecuteOptions): Promise<void> {
  const pieces = stepPieces(step);
  for (let i = 0; i < pieces.length; i++) {
    if (i > 0) await sleep(options.splitGapMs);
    await target.client.connection.sendRaw(pieces[i], { checkId: 'fuzz', timeoutMs: options.timeoutMs, collectMs: 0 });
  }
}

async function post(target: LiveTarget, step: Step, options: ExecuteOptions): Promise<PostOutcome> {
  const pieces = stepPieces(step);
  const headers = step.headers ?? {};
  if (pieces.length <= 1 && !step.strictSse) {
    const exchange = await target.client.sendRaw(pieces[0] ?? Buffer.alloc(0), {
      headers,
      timeoutMs: options.timeoutMs,
    });
    return outcomeOfExchange(exchange);
  }
  const connection = target.client.connection as HttpConnection;
  const merged: Record<string, string> = {
    accept: 'application/json, text/event-stream',
    'content-type': 'application/json',
    ...connection.target.headers,
    ...connection.sessionHeaders,
  };
  for (const [name, value] of Object.entries(headers)) {
    for (const key of Object.keys(merged)) if (key.toLowerCase() === name.toLowerCase()) delete merged[key];
    if (value !== null) merged[name] = value;
  }
  return postDirect(connection.target.url, merged, pieces, {
    gapMs: options.splitGapMs,
    timeoutMs: options.timeoutMs,
    recorder: target.recorder,
    connection: connection.name,
  });
}
