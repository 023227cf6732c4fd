// stdio pre-screen: many cases written in one go on one connection, each with ids no other case of
// the batch uses, then one barrier request (the liveness probe) whose answer proves the server has
// read them all. A case passes here only when every message that came back belongs to one case or
// to the barrier, and the same judge finds nothing in its own answers; anything else (an answer
// missing, a message no case owns, stray stdout, a crash) sends the case back to be run singly as
// before. So the pre-screen can save time but never decides a failure, a silence or an undecided case.
import { isObject, isResponse, type JsonObject } from '../model.js';
import { needsAnswer, stepBytes, stepPieces, type FuzzCase } from './case.js';
import { groupsOf, sleep, type CaseRun, type ExecuteOptions, type Received } from './execute.js';
import { judgeCase, type JudgeContext } from './judge.js';
import { responseClasses } from './response-class.js';
import type { LiveTarget } from './live-target.js';
import { withSalt } from './salt.js';
import { wakeableWait } from './wakeable-wait.js';

/** Cases written together before one barrier. */
export const BATCH_CASES = 64;
/** Bytes written together before one barrier (a large batch would only wait on the pipe). */
export const BATCH_BYTES = 256 * 1024;

/** An id as a client that only compares text would see it: an answer with the right value but another type still finds its case. */
const looseKey = (id: unknown): string => (typeof id === 'object' ? JSON.stringify(id) : String(id));

/** The keys of a case's ids, or undefined when the case cannot share a connection with others in one go. */
export function pipelineKeys(fuzzCase: FuzzCase): string[] | undefined {
  // A case that may move the connection to another state, or needs its own session, goes alone.
  if (fuzzCase.freshAfter || fuzzCase.sessionCapabilities !== undefined) return undefined;
  // Steps that wait for an earlier answer (an id reused after it) or arrive in timed pieces go alone.
  if (groupsOf(fuzzCase.steps).length !== 1) return undefined;
  const keys = new Set<string>();
  for (const step of fuzzCase.steps) {
    const bytes = stepBytes(step);
    // The next case must start on a fresh line, as the probe after a lone case does.
    if (stepPieces(step).length !== 1 || bytes.length === 0 || bytes[bytes.length - 1] !== 0x0a) return undefined;
    for (const slot of step.slots) {
      // An id-less answer belongs to no case: a message that may get one goes alone.
      if (slot.patient || slot.allow.some((allowed) => allowed.answer === 'idless-error')) return undefined;
      if (slot.id === undefined || slot.id === null) {
        // Only a message that must get no answer may go without an id.
        if (needsAnswer(slot)) return undefined;
        continue;
      }
      keys.add(looseKey(slot.id));
      if (slot.idText !== undefined) keys.add(slot.idText);
    }
  }
  return [...keys];
}

export interface Screened {
  /** Cases whose own answers the judge found nothing wrong with. */
  passed: boolean[];
  /** Something came back that no case owns, or an answer is missing: the connection is not reused. */
  spoilt: boolean;
  /** Cases the judge found a failure in (and not undecided): the pre-screen's flags. */
  failed?: boolean[];
  /** Each case's response classes (harness/fuzz/response-class.ts), as a single run of it would give them. */
  classes?: string[][];
}

/** Sends the cases (each made eligible by pipelineKeys, ids distinct across them) in one write, then the barrier; judges each on its own answers. */
export async function screenBatch(
  target: LiveTarget,
  templates: FuzzCase[],
  options: ExecuteOptions,
  judge: JudgeContext,
): Promise<Screened> {
  const started = performance.now();
  const cases = templates.map((template) => withSalt(template, target.nextSalt()));
  const owner = new Map<string, number>();
  cases.forEach((fuzzCase, index) => {
    for (const key of pipelineKeys(fuzzCase) ?? []) owner.set(key, index);
  });
  const none = () => ({ passed: cases.map(() => false), spoilt: true });
  const slots = cases.flatMap((fuzzCase) => fuzzCase.steps.flatMap((step) => step.slots));
  await target.ensureNothingOwed(slots);
  target.recorder.reset();
  const connection = target.client.connection;
  const received: JsonObject[] = [];
  let stray = false;
  const waiting = wakeableWait();
  const unsubscribe = target.recorder.subscribe((entry) => {
    if (entry.connection !== connection.name || entry.direction !== 'server->client') return;
    // A message read by mending its line is a finding: the case is judged singly, where the judge sees it.
    if (entry.kind === 'message' && isObject(entry.message) && !entry.framingFault) received.push(entry.message);
    else stray = true;
    waiting.wake();
  });
  const wanted = slots.filter((slot) => needsAnswer(slot));
  const answeredKeys = new Set<string>();
  let seen = 0;
  const allAnswered = () => {
    for (; seen < received.length; seen++) {
      const message = received[seen];
      if (isResponse(message) && message.id !== undefined && message.id !== null)
        answeredKeys.add(looseKey(message.id));
    }
    return wanted.every(
      (slot) => answeredKeys.has(looseKey(slot.id)) || (slot.idText !== undefined && answeredKeys.has(slot.idText)),
    );
  };
  let barrier: { id?: unknown; method?: string; response?: JsonObject; description: string };
  try {
    for (const fuzzCase of cases) target.remember(fuzzCase.steps);
    const bytes = Buffer.concat(cases.flatMap((fuzzCase) => fuzzCase.steps.map(stepBytes)));
    // A batch's own requests are not held to an answer here: a batch missing one is run again case by case.
    target.ledger.sending(cases.flatMap((fuzzCase) => fuzzCase.steps.map((step) => step.text ?? '')));
    await connection.sendRaw(bytes, { checkId: 'fuzz', timeoutMs: options.timeoutMs, collectMs: 0 });
    await waiting.until(
      () => allAnswered() || stray,
      () => connection.alive,
      options.timeoutMs,
    );
    if (stray || !connection.alive) return none();
    const exchange = await target.probe();
    target.ledger.request({
      id: exchange.id,
      what: `the barrier after a pipelined batch (${exchange.method})`,
      method: exchange.method,
      needsAnswer: true,
      answered: exchange.response !== undefined,
    });
    barrier = {
      id: exchange.id,
      method: exchange.method,
      response: exchange.response,
      description: exchange.response ? 'answered' : 'no answer',
    };
    if (!exchange.response) return none();
    await sleep(options.settleMs);
  } finally {
    unsubscribe();
  }
  if (stray || target.exitReport()) return none();
  const mine: Received[][] = cases.map(() => []);
  const barrierKey = looseKey(barrier.id);
  for (const message of received) {
    const key =
      isResponse(message) && message.id !== undefined && message.id !== null ? looseKey(message.id) : undefined;
    if (key === barrierKey) continue;
    const index = key === undefined ? undefined : owner.get(key);
    if (index === undefined && target.owed.takeLate(message, slots)) continue;
    if (index === undefined) return none();
    mine[index].push({ message, group: 0 });
  }
  const durationMs = Math.round(performance.now() - started);
  const classes: string[][] = [];
  const failed: boolean[] = [];
  const passed = cases.map((fuzzCase, index) => {
    const run: CaseRun = {
      fuzzCase,
      transport: 'stdio',
      groups: groupsOf(fuzzCase.steps),
      received: [...mine[index], { message: barrier.response!, group: 1 }],
      posts: [],
      pollution: [],
      probe: {
        id: barrier.id,
        method: barrier.method,
        answered: true,
        description: barrier.description,
        message: barrier.response,
      },
      declared: target.declared,
      entries: [],
      durationMs,
    };
    const verdict = judgeCase(run, judge);
    classes.push(responseClasses(run));
    failed.push(verdict.failures.length > 0 && !verdict.undecided);
    return verdict.failures.length === 0 && !verdict.undecided;
  });
  // What the server may still answer arrives into the next batch or case, which sets it aside.
  target.owed.add(slots, received);
  return { passed, failed, spoilt: !allAnswered(), classes };
}
