// Judges a run case: every response is matched to the slot whose id it carries, then each slot is
// held to what its property allows, and the case to the invariants every case keeps (answered
// once with the same id, schema-valid, nothing else on stdout, no crash, still serving).
import { isObject, isResponse, type JsonObject, type Level, type Revision } from '../model.js';
import { splitSchemaIssues } from '../schema/contradictions.js';
import type { WireValidator } from '../schema/index.js';
import { declares, neededFor, showPath } from './capabilities.js';
import { needsAnswer, stepBytes, type Allowed, type Slot } from './case.js';
import type { CaseRun, Received } from './execute.js';
import { idsEqual, showId } from './ids.js';
import { showSalt } from './salt.js';
import { breaks } from './rules.js';
import { invariantLevel, invariantSpec, type Invariant } from './spec-book.js';

export interface Failure {
  /** Which invariant broke; 'property' for what the property itself allows. */
  invariant: Invariant | 'property';
  message: string;
  spec: string;
  level: Level;
}

export interface JudgeContext {
  revision: Revision;
  validator: WireValidator;
  /** The property's spec link and level, for what its slots allow. */
  spec: string;
  level: Level;
}

interface SlotRef {
  slot: Slot;
  group: number;
  /** Step index; -1 for the liveness probe. */
  step: number;
  answers: JsonObject[];
  idless: JsonObject[];
  /** Answered with the right value but another JSON type. */
  mismatched?: unknown;
}

const JSON_TYPES = new Set(['application/json', 'text/event-stream']);

function slotRefs(run: CaseRun): SlotRef[] {
  const refs: SlotRef[] = [];
  run.groups.forEach((indices, group) => {
    for (const step of indices)
      for (const slot of run.fuzzCase.steps[step].slots) refs.push({ slot, group, step, answers: [], idless: [] });
  });
  if (run.probe.id !== undefined) {
    // After a case that may have moved a dual-era server to its other era, the probe's answer may be of that era too.
    const probe: Slot = {
      what: 'the liveness probe sent after the case',
      id: run.probe.id as string,
      method: run.probe.method,
      allow: [{ answer: 'result' }, { answer: 'error' }],
      otherEra: run.fuzzCase.freshAfter,
    };
    refs.push({ slot: probe, group: run.groups.length, step: -1, answers: [], idless: [] });
  }
  return refs;
}

const hasUsableId = (message: JsonObject) => message.id !== undefined && message.id !== null;

/** The slot an answer goes to: the latest group that still has room, and in it the first slot (request order). */
function firstOpen(candidates: SlotRef[]): SlotRef | undefined {
  const open = candidates.filter((ref) => ref.answers.length < (ref.slot.maxAnswers ?? 1));
  const latest = Math.max(...open.map((ref) => ref.group));
  return open.find((ref) => ref.group === latest);
}

export interface Verdict {
  failures: Failure[];
  /** Why the case decides nothing: work that may take long did not finish in time. */
  undecided?: string;
}

/** What an unanswered request of a stdio case decides (nothing): the text the known-findings file matches. */
export const silenceMessage = (slot: Slot): string => `${slot.what}: no response before the timeout`;

export function judgeCase(run: CaseRun, ctx: JudgeContext): Verdict {
  const failures: Failure[] = [];
  const shown = (text: string) => showSalt(text, run.fuzzCase.salt);
  const fail = (invariant: Invariant | 'property', message: string, level?: Level) =>
    failures.push({
      invariant,
      message: shown(message),
      spec: invariant === 'property' ? ctx.spec : invariantSpec(ctx.revision, invariant),
      level: level ?? (invariant === 'property' ? ctx.level : invariantLevel(ctx.revision, invariant)),
    });
  const refs = slotRefs(run);
  const eligible = (ref: SlotRef, received: Received) =>
    run.transport === 'http' ? ref.step === received.step : ref.group <= received.group;

  for (const received of run.received) {
    const message = received.message;
    if (!isResponse(message)) {
      if (typeof message.method === 'string' && 'id' in message) serverRequest(message, run, ctx, fail);
      continue;
    }
    if (hasUsableId(message)) {
      const same = refs.filter(
        (ref) =>
          eligible(ref, received) &&
          ref.slot.id !== undefined &&
          ref.slot.id !== null &&
          idsEqual(message.id, ref.slot.id),
      );
      const open = firstOpen(same);
      if (open) open.answers.push(message);
      else if (same.length > 0)
        fail(
          'same-id',
          `${same[0].slot.what}: answered more than once (another response with id ${showId(message.id)})`,
        );
      else {
        const loose = refs.find((ref) => eligible(ref, received) && idsEqual(message.id, ref.slot.id, true));
        if (loose) loose.mismatched = message.id;
        else fail('same-id', `a response with id ${showId(message.id)}, which no request of this case carried`);
      }
      continue;
    }
    const idlessSlot =
      'error' in message
        ? refs.find(
            (ref) =>
              eligible(ref, received) &&
              ref.idless.length === 0 &&
              ref.answers.length === 0 &&
              ref.slot.allow.some((a) => a.answer === 'idless-error'),
          )
        : undefined;
    if (idlessSlot) {
      idlessSlot.idless.push(message);
      continue;
    }
    const notification = refs.find(
      (ref) =>
        eligible(ref, received) &&
        ref.slot.id === undefined &&
        ref.slot.allow.every((a) => a.answer === 'none' || a.answer === 'accepted'),
    );
    if (notification)
      fail('notifications', `${notification.slot.what}: the server answered a notification (${brief(message)})`);
    else fail('same-id', `a response without an id (${brief(message)}) that answers nothing sent in this case`);
  }

  if (run.crash)
    fail(
      'answered',
      `the server died during the case: ${run.crash.exit}${run.crash.stderr ? `; stderr: ${run.crash.stderr}` : ''}`,
    );
  // Broken framing first: it explains a response that then seems missing.
  if (run.transport === 'http') judgeSse(run, fail);
  const pending = !run.crash
    ? refs.find(
        (ref) => ref.slot.patient && ref.answers.length === 0 && ref.idless.length === 0 && !postEnded(run, ref.step),
      )
    : undefined;
  // A server may still be busy with it (and queue the probe behind it): neither is a finding.
  const judged = pending ? refs.filter((ref) => ref !== pending && ref.step !== -1) : refs;
  // A POST that got no status line in time decides nothing: time is never a verdict.
  const waited: string[] = [];
  for (const ref of judged) judgeSlot(ref, run, ctx, fail, waited);
  if (run.transport === 'http') judgeHttp(run, refs, fail, waited);
  for (const entry of run.pollution) {
    if (entry.framingFault) {
      fail('stdout', `a message on stdout not valid as written: ${entry.framingFault}`);
      continue;
    }
    const bytes = entry.hex ? `hex ${entry.hex.slice(0, 96)}` : JSON.stringify((entry.text ?? '').slice(0, 200));
    fail('stdout', `non-MCP bytes on stdout (${entry.note ?? 'not a JSON-RPC message'}): ${bytes}`);
  }
  const undecided = pending ? `${pending.slot.what}: still running after the timeout` : waited[0];
  return { failures, undecided: undecided && failures.length === 0 ? shown(undecided) : undefined };
}

/** An HTTP POST the server ended without the answer: the connection dropped, or the body closed. Work behind it is not still running. */
function postEnded(run: CaseRun, step: number): boolean {
  const post = run.posts[step];
  return (
    run.transport === 'http' &&
    post !== undefined &&
    (post.transportError !== undefined || (post.status !== undefined && !post.timedOut))
  );
}

const LARGE_BODY = 1 << 20;

function refusedUpload(transportError: string | undefined, step: CaseRun['fuzzCase']['steps'][number]): boolean {
  return (
    transportError !== undefined &&
    /EPIPE|ECONNRESET|socket hang up/.test(transportError) &&
    stepBytes(step).length > LARGE_BODY
  );
}

/**
 * How an HTTP POST ran out of time without failing at the transport: before any response
 * ('no-status'), or with its answer begun but neither carrying the response nor ended ('open-stream').
 */
function postTimeout(run: CaseRun, step: number): 'no-status' | 'open-stream' | undefined {
  const post = run.posts[step];
  if (run.transport !== 'http' || post === undefined || !post.timedOut || post.transportError) return undefined;
  return post.status === undefined ? 'no-status' : 'open-stream';
}

function judgeSlot(
  ref: SlotRef,
  run: CaseRun,
  ctx: JudgeContext,
  fail: (invariant: Invariant | 'property', message: string, level?: Level) => void,
  waited: string[],
): void {
  const { slot } = ref;
  if (ref.mismatched !== undefined)
    fail(
      'same-id',
      `${slot.what}: answered with id ${showId(ref.mismatched)} for id ${showId(slot.id, slot.idText)} (same value, another JSON type)`,
    );
  if (ref.answers.length === 0 && ref.idless.length === 0) {
    if (ref.mismatched !== undefined || run.crash || !needsAnswer(slot)) return;
    const timeout = postTimeout(run, ref.step);
    if (timeout === 'no-status') return void waited.push(`${slot.what}: no HTTP response before the timeout`);
    // A stream still open without the answer is the HTTP form of silence: no answer in time decides nothing.
    if (timeout === 'open-stream')
      return void waited.push(`${slot.what}: the answer's stream was still open, without the response, at the timeout`);
    // Over stdio silence is all there is: a dropped message and a slow answer look alike, so it decides nothing (as in the checks).
    if (run.transport === 'stdio')
      return void waited.push(
        ref.step === -1 ? `${slot.what} got no answer in time (${run.probe.description})` : silenceMessage(slot),
      );
    if (ref.step === -1)
      fail('answered', `the server stopped serving: ${slot.what} got no answer (${run.probe.description})`);
    else fail('answered', `${slot.what}: no response${describePost(run, ref.step)}`);
    return;
  }
  for (const answer of ref.answers) {
    const allowed = match(slot.allow, answer, false);
    if (!allowed)
      fail(
        'property',
        `${slot.what}: got ${brief(answer)}${answeredId(answer)}, but the spec allows ${describeAllowed(slot.allow)}`,
      );
    else
      for (const rule of ('rules' in allowed ? allowed.rules : undefined) ?? []) {
        const broken = breaks(rule, {
          result: isObject(answer.result) ? answer.result : undefined,
          error: isObject(answer.error) ? answer.error : undefined,
        });
        if (broken) fail(rule.kind === 'core-result-type' ? 'result-type' : 'property', `${slot.what}: ${broken}`);
      }
    if (allowed && 'status' in allowed && allowed.status && run.transport === 'http') {
      const status = run.posts[ref.step]?.status;
      if (status !== undefined && !allowed.status.includes(status))
        fail(
          'property',
          `${slot.what}: HTTP status ${status} with ${brief(answer)}; the spec requires ${allowed.status.join(' or ')}`,
        );
    }
    if (slot.otherEra && isObject(answer.result)) continue;
    const schema = ctx.validator.validateServerMessage(answer, slot.method);
    // Where the spec contradicts itself (an echoed id the schema does not allow) nothing is failed.
    const schemaBreaks = splitSchemaIssues(
      answer,
      schema.issues.map((i) => `${i.path || '/'} ${i.message}`),
      (id) => idsEqual(id, slot.id),
    ).breaks;
    if (schemaBreaks.length > 0)
      fail(
        'schema',
        `${slot.what}: the response breaks the schema (${schema.def}): ${schemaBreaks.slice(0, 2).join('; ')}`,
      );
  }
  for (const answer of ref.idless) {
    const allowed = match(slot.allow, answer, true);
    // An error without an id is a refusal (only slots that allow one take it); a code other than
    // the one JSON-RPC 2.0 names for it is a refusal the spec's words do not name, as the checks
    // warn of it: a SHOULD, never a MUST.
    if (!allowed)
      fail(
        'property',
        `${slot.what}: got ${brief(answer)} without an id, but the spec allows ${describeAllowed(slot.allow)}`,
        'SHOULD',
      );
    else if ('warn' in allowed && allowed.warn)
      fail('property', `${slot.what}: got ${brief(answer)} without an id; ${allowed.warn}`, 'SHOULD');
  }
}

/** The allowed answer this response is, if any. */
function match(allow: Allowed[], answer: JsonObject, idless: boolean): Allowed | undefined {
  const error = isObject(answer.error) ? answer.error : undefined;
  return allow.find((a) => {
    if (idless)
      return a.answer === 'idless-error' && error !== undefined && (!a.codes || a.codes.includes(error.code as number));
    if (a.answer === 'result') return isObject(answer.result) && !error;
    if (a.answer === 'error') return error !== undefined && (!a.codes || a.codes.includes(error.code as number));
    return false;
  });
}

function judgeHttp(
  run: CaseRun,
  refs: SlotRef[],
  fail: (invariant: Invariant | 'property', message: string, level?: Level) => void,
  waited: string[],
): void {
  run.fuzzCase.steps.forEach((step, index) => {
    const post = run.posts[index];
    if (!post) return;
    const mine = refs.filter((ref) => ref.step === index);
    if (postTimeout(run, index) === 'no-status')
      return void waited.push(`${step.label}: no HTTP response before the timeout`);
    // A server may cut the upload of a body past its size limit: for a body we made that large, that is a refusal.
    if (post.status === undefined && refusedUpload(post.transportError, step)) return;
    if (post.status === undefined) {
      // Slots that need an answer say so themselves; the others still need an HTTP status.
      if (mine.every((ref) => !needsAnswer(ref.slot) && !ref.slot.patient))
        fail(
          'http',
          `${step.label}: no HTTP response at all (${post.transportError ?? 'no status line before the timeout'})`,
        );
      return;
    }
    if (!post.sseFaults && post.malformedEvents > 0)
      fail('http', `${step.label}: ${post.malformedEvents} SSE event(s) whose data is not one JSON-RPC message`);
    const answeredWithId = mine.some((ref) => ref.answers.length > 0);
    // As the run suite's batch-rejected checks judge it, in both revisions: MCP has no batches and
    // does not say how a server refuses one, so one served as JSON-RPC 2.0 serves it is a warning,
    // its answers in a JSON array or each on the stream.
    const servedBatch = step.batch === true && post.status < 300 && (post.batchAnswers !== undefined || answeredWithId);
    if (servedBatch) {
      fail(
        'property',
        `${step.label}: HTTP ${post.status}, served as a JSON-RPC 2.0 batch (${post.batchAnswers !== undefined ? `a JSON array of ${post.batchAnswers} answer(s)` : 'its requests answered'}), which MCP does not have; a refusal (an HTTP error status or -32600) is expected`,
        'SHOULD',
      );
      // An array body holds no answer the rules below could read.
      if (post.batchAnswers !== undefined) return;
    }
    if (answeredWithId && !JSON_TYPES.has(post.contentType ?? ''))
      fail(
        'http',
        `${step.label}: a request was answered with Content-Type ${JSON.stringify(post.contentType)}; the spec requires application/json or text/event-stream`,
      );
    if (answeredWithId) return;
    const allows = (answer: Allowed['answer']) =>
      mine.length > 0 && mine.every((ref) => ref.slot.allow.some((a) => a.answer === answer));
    const accepted = post.status === 202 && post.bodyKind === 'empty' && allows('accepted');
    // A JSON-RPC error without an id is an answer JSON-RPC 2.0 itself prescribes for what is not a request, whatever the status.
    const rejected =
      (post.status >= 400 && (allows('none') || allows('accepted'))) || mine.some((ref) => ref.idless.length > 0);
    const statuses = mine.flatMap((ref) => ref.slot.allow.flatMap((a) => (a.answer === 'none' && a.status) || []));
    if (rejected && statuses.length > 0 && !statuses.includes(post.status))
      fail(
        'http',
        `${step.label}: HTTP ${post.status} (${post.bodyKind ?? 'no'} body); the spec requires ${[...new Set(statuses)].join(' or ')}`,
      );
    if (!accepted && !rejected && mine.every((ref) => !needsAnswer(ref.slot))) {
      fail(
        'http',
        `${step.label}: HTTP ${post.status} (${post.bodyKind ?? 'no'} body) with no JSON-RPC answer; the spec allows ${allows('accepted') ? '202 Accepted with no body or ' : ''}an HTTP error status`,
      );
    }
  });
}

/** Event streams the fuzzer read itself: each framing fault, and a stream that did not end after its response. */
function judgeSse(run: CaseRun, fail: (invariant: Invariant | 'property', message: string) => void): void {
  run.fuzzCase.steps.forEach((step, index) => {
    const post = run.posts[index];
    for (const fault of post?.sseFaults ?? []) fail('sse', `${step.label}: ${fault}`);
    if (post?.sseAfterResponse)
      fail(
        'sse-end',
        `${step.label}: ${post.sseAfterResponse}; the server SHOULD end the stream once the response is sent`,
      );
  });
}

function serverRequest(
  message: JsonObject,
  run: CaseRun,
  ctx: JudgeContext,
  fail: (invariant: Invariant | 'property', message: string) => void,
): void {
  if (ctx.revision === '2026-07-28') {
    fail(
      'server-requests',
      `the server sent a JSON-RPC request (${String(message.method)}); 2026-07-28 servers never do (input requests go in results)`,
    );
    return;
  }
  const missing = neededFor(message.method, message.params).find((path) => !declares(run.declared, path));
  if (missing)
    fail(
      'server-requests',
      `the server sent ${String(message.method)}, which needs ${showPath(missing)}, a capability the session did not declare`,
    );
}

function describePost(run: CaseRun, step: number): string {
  const post = run.posts[step];
  if (!post) return '';
  if (post.transportError) return ` (${post.transportError})`;
  if (post.timedOut) return ' (the POST got no complete answer in time)';
  return post.status !== undefined ? ` (HTTP ${post.status}, ${post.bodyKind ?? 'no'} body)` : '';
}

function describeAllowed(allow: Allowed[]): string {
  return allow
    .map((a) => {
      if (a.answer === 'result') return 'a result';
      if (a.answer === 'error') return a.codes ? `error ${a.codes.join('/')}` : 'an error';
      if (a.answer === 'idless-error')
        return a.codes ? `error ${a.codes.join('/')} without an id` : 'an error without an id';
      if (a.answer === 'accepted') return '202 Accepted';
      return a.status ? `HTTP ${a.status.join(' or ')} without a JSON-RPC answer` : 'no answer';
    })
    .join(', ');
}

/** The id an answer carries, as sent: a finding about ids names the one it got. */
const answeredId = (answer: JsonObject) => ('id' in answer ? ` with id ${showId(answer.id)}` : '');

export function brief(message: JsonObject): string {
  const error = isObject(message.error) ? message.error : undefined;
  if (error) return `error ${String(error.code)} ${JSON.stringify(String(error.message ?? '')).slice(0, 80)}`;
  const result = isObject(message.result) ? message.result : undefined;
  if (result)
    return `a result${result.isError === true ? ' with isError: true' : ''}${typeof result.resultType === 'string' ? ` (resultType ${result.resultType})` : ''}`;
  return JSON.stringify(message).slice(0, 80);
}
