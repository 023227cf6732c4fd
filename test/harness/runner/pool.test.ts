// The pool's admission: a task waits while `admits` says no and another is in flight, and one
// task always runs, so a memory bound slows a run down but never stalls it.
import { describe, expect, test } from 'vitest';
import { runPool, Slots } from '../../../harness/runner/pool.js';

/** A task that records how many ran at once, and finishes when told. */
function gatedTasks(count: number) {
  let running = 0;
  let most = 0;
  const finish: Array<() => void> = [];
  const tasks = Array.from({ length: count }, () => ({
    exclusive: false,
    run: async () => {
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => finish.push(resolve));
      running--;
    },
  }));
  return { tasks, finish, most: () => most, running: () => running };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('Slots admission', () => {
  test('without a bound, tasks run up to the size at once', async () => {
    const { tasks, finish, most } = gatedTasks(6);
    const done = runPool(tasks, new Slots(4));
    await settle();
    expect(most()).toBe(4);
    for (let i = 0; i < 10; i++) {
      while (finish.length > 0) finish.shift()!();
      await settle();
    }
    await done;
    expect(most()).toBe(4);
  });

  test('a bound that admits nothing leaves one task at a time, each held back counted', async () => {
    const { tasks, finish, most, running } = gatedTasks(4);
    let heldBack = 0;
    const done = runPool(
      tasks,
      new Slots(8, () => false),
      () => false,
      () => heldBack++,
    );
    for (let i = 0; i < 12; i++) {
      await settle();
      expect(running()).toBeLessThanOrEqual(1);
      finish.shift()?.();
    }
    await done;
    expect(most()).toBe(1);
    expect(heldBack).toBe(3);
  });

  test('the bound is asked with the number running, and admits up to what it allows', async () => {
    const { tasks, finish, most } = gatedTasks(6);
    const asked: number[] = [];
    const done = runPool(
      tasks,
      new Slots(8, (running) => {
        asked.push(running);
        return running < 2;
      }),
    );
    await settle();
    expect(most()).toBe(2);
    for (let i = 0; i < 20; i++) {
      await settle();
      finish.shift()?.();
    }
    await done;
    expect(most()).toBe(2);
    expect(Math.min(...asked)).toBe(1);
  });
});
