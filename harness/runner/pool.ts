// Bounded concurrency shared by every revision of a run: at most `size` checks in flight at
// once; an exclusive task waits for its own pool's other tasks to finish and then runs alone.
import type { Check } from '../checks/check.js';
import type { TransportKind } from '../model.js';

/**
 * An exclusive check wants nothing else in flight on its connection. Over stdio a fresh
 * connection is a server process of its own, so it has that already and runs beside the rest;
 * over HTTP every connection reaches the same server, so it waits for the others.
 */
export function runsAlone(check: Pick<Check, 'exclusive' | 'connection'>, transport: TransportKind): boolean {
  if (check.exclusive !== true) return false;
  const ownProcess =
    transport === 'stdio' && (check.connection === 'fresh' || check.connection === 'fresh-uninitialized');
  return !ownProcess;
}

export class Slots {
  private free: number;
  private readonly waiting: Array<() => void> = [];

  constructor(size: number) {
    this.free = Math.max(1, size);
  }

  async acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

export interface PoolTask {
  exclusive: boolean;
  run: () => Promise<unknown>;
}

/** Runs the tasks in order of start; exclusive ones after all the others, one at a time. */
export async function runPool(tasks: PoolTask[], slots: Slots, shouldStop: () => boolean = () => false): Promise<void> {
  const inSlot = async (task: PoolTask) => {
    await slots.acquire();
    try {
      if (!shouldStop()) await task.run();
    } finally {
      slots.release();
    }
  };
  await Promise.all(tasks.filter((task) => !task.exclusive).map(inSlot));
  for (const task of tasks.filter((task) => task.exclusive)) {
    if (shouldStop()) break;
    await inSlot(task);
  }
}
