// A request the server may leave unanswered (the second of two in flight with one id) may still be
// answered after its case, once the liveness probe has been answered: that answer belongs to the
// case that sent it, never to the next one (go-sdk over stdio answers requests side by side).
import { expect, test } from 'vitest';
import { OwedAnswers } from '../../../harness/fuzz/owed-answers.js';
import type { Slot } from '../../../harness/fuzz/case.js';
import { inconclusiveProperties } from '../../../harness/results/fuzz-results.js';
import { builtFixture } from '../../helpers/fixture-process.js';
import { explainFuzz, fuzz } from './helpers.js';

const SLOW = builtFixture('fixtures/slow/slow-stdio.ts');

test('the second answer to a duplicate in-flight id, given after the probe, is set aside in the next case, not a finding of it', {
  timeout: 300_000,
}, async () => {
  // The pipe holds each repeated answer until the next case's first write, deterministically: no timing decides it.
  const target = { kind: 'stdio' as const, command: process.execPath, args: [SLOW, '--hold-repeat'] };
  const results = await fuzz(target, {
    select: ['2026-07-28/ids/in-flight-duplicate'],
    revisions: ['2026-07-28'],
    runs: 20,
  });
  expect(explainFuzz(results)).toBe('');
  const properties = results.fuzz!.campaigns!.flatMap((c) => c.properties ?? []);
  expect(properties.map((p) => [p.id, p.cases])).toEqual([['2026-07-28/ids/in-flight-duplicate', 20]]);
  expect(inconclusiveProperties(results.fuzz)).toEqual([]);
  expect(results.exitCode).toBe(0);
});

const request = (id: unknown, optional = false): Slot => ({
  what: `request ${JSON.stringify(id)}`,
  id: id as string,
  allow: optional ? [{ answer: 'result' }, { answer: 'none' }] : [{ answer: 'result' }],
});
const answer = (id: unknown) => ({ jsonrpc: '2.0', id, result: {} }) as never;

test('an optional request not yet answered is owed: its late answer is taken once, and only outside a case sending that id', () => {
  const owed = new OwedAnswers();
  owed.add([request('x'), request('x', true), request(7)], [answer('x'), answer(7)]);
  expect(owed.size).toBe(1);
  expect(owed.clashes([request('x')])).toBe(true);
  expect(owed.clashes([request(7), request('"x"')])).toBe(false);
  // The same id sent by the case in hand is that case's answer.
  expect(owed.takeLate(answer('x'), [request('x')])).toBe(false);
  expect(owed.takeLate(answer(7), [])).toBe(false);
  expect(owed.takeLate(answer('x'), [request(1)])).toBe(true);
  // Owed once, taken once: a further answer with that id is judged as any stray answer.
  expect(owed.takeLate(answer('x'), [])).toBe(false);
});

test('a request that must be answered and was is not owed; a notification never is', () => {
  const owed = new OwedAnswers();
  owed.add([request(1), { what: 'a notification', allow: [{ answer: 'none' }] }], [answer(1)]);
  owed.add([request('y', true)], [answer('y')]);
  expect(owed.size).toBe(0);
});
