// The count the pool's admission reads: each check in flight reckoned at no less than the largest
// answer the run has seen, since it may ask for the same.
import { describe, expect, test } from 'vitest';
import { AnswersInFlight } from '../../../harness/recorder/answers-in-flight.js';

const MB = 1024 * 1024;

describe('AnswersInFlight', () => {
  test('small answers leave room for every check', () => {
    const answers = new AnswersInFlight(4 * MB);
    answers.add(undefined, 2_000); // discovery's answer: no check of its own
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) answers.open(id);
    answers.add(['a'], 10_000);
    expect(answers.admitsAnother(7)).toBe(true);
  });

  test('a 2 MB answer seen once makes room for two checks in 4 MB, whoever received it', () => {
    const answers = new AnswersInFlight(4 * MB);
    answers.add(undefined, 2 * MB);
    expect(answers.admitsAnother(0)).toBe(true);
    expect(answers.admitsAnother(1)).toBe(true); // let start, not yet opened: reckoned at 2 MB
    expect(answers.admitsAnother(2)).toBe(false);
    answers.open('a');
    expect(answers.admitsAnother(1)).toBe(true);
  });

  test('what a check holds counts until it closes, once per answer', () => {
    const answers = new AnswersInFlight(4 * MB);
    answers.open('a');
    answers.open('b');
    answers.add(['a', 'b'], 3 * MB); // an answer tagged with both counts against the first only
    expect(answers.admitsAnother(2)).toBe(false); // a: 3 MB, b: 3 MB (the largest), the next: 3 MB
    answers.close('a');
    answers.close('b');
    expect(answers.admitsAnother(0)).toBe(true);
    answers.open('c');
    answers.add(['c'], 1 * MB);
    expect(answers.admitsAnother(1)).toBe(false); // c reckoned at 3 MB, the next at 3 MB
  });

  test('answers for checks not in flight count only as the largest seen', () => {
    const answers = new AnswersInFlight(4 * MB);
    answers.add(['closed-long-ago'], 1 * MB);
    answers.open('a');
    expect(answers.admitsAnother(1)).toBe(true); // a at 1 MB, the next at 1 MB
  });
});
