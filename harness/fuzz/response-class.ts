// What kind of answer a case got, as short keys: per answer its error code or its result's shape
// (sorted top-level fields, resultType, isError), stray stdout, a crash, a slot left unanswered.
// The keys steer the guided phase of a property (harness/fuzz/guided.ts), so they hold no timing:
// the same server answering the same way gives the same keys on a fast and on a loaded machine.
import { isObject, isResponse, type JsonObject } from '../model.js';
import { needsAnswer, type Slot } from './case.js';
import type { CaseRun } from './execute.js';
import { idsEqual } from './ids.js';

/** The class of one JSON-RPC message the server sent. */
export function messageClass(message: JsonObject): string {
  if (!isResponse(message))
    return `${'id' in message ? 'request' : 'notification'}:${typeof message.method === 'string' ? message.method : '?'}`;
  const idless = message.id === undefined || message.id === null ? ' idless' : '';
  if (isObject(message.error))
    return `error:${typeof message.error.code === 'number' ? message.error.code : '?'}${idless}`;
  if (!isObject(message.result)) return `result:${message.result === null ? 'null' : typeof message.result}${idless}`;
  const result = message.result;
  const marks = [
    typeof result.resultType === 'string' ? ` resultType=${result.resultType}` : '',
    typeof result.isError === 'boolean' ? ` isError=${result.isError}` : '',
  ];
  return `result:{${Object.keys(result).sort().join(',')}}${marks.join('')}${idless}`;
}

/** The classes of a case's run, sorted and each once; an answer to a request is prefixed with that request's method; the liveness probe's own answer is left out. */
export function responseClasses(run: CaseRun): string[] {
  const classes = new Set<string>();
  const slots = run.fuzzCase.steps.flatMap((step) => step.slots);
  const answers = (message: JsonObject, id: unknown) =>
    isResponse(message) && 'id' in message && idsEqual(message.id, id, true);
  for (const { message } of run.received) {
    if (run.probe.id !== undefined && answers(message, run.probe.id)) continue;
    const method = slots.find((slot) => slot.id !== undefined && answers(message, slot.id))?.method;
    classes.add(`${method === undefined ? '' : `${method} `}${messageClass(message)}`);
  }
  for (const post of run.posts)
    if (post !== undefined) classes.add(`http:${post.status ?? 'none'}${post.bodyKind ? ` ${post.bodyKind}` : ''}`);
  if (run.pollution.length > 0) classes.add('stdout-noise');
  if (run.crash) classes.add('exit');
  const idless = run.received.some(
    ({ message }) => isResponse(message) && (message.id === undefined || message.id === null),
  );
  const answered = (slot: Slot) =>
    run.received.some(({ message }) => slot.id !== undefined && answers(message, slot.id)) ||
    (idless && slot.allow.some((a) => a.answer === 'idless-error'));
  if (slots.some((slot) => needsAnswer(slot) && !answered(slot))) classes.add('no-answer');
  if (run.probe.id !== undefined && !run.probe.answered) classes.add('probe-unanswered');
  return [...classes].sort();
}
