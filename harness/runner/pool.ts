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
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly size: number;

  /**
   * @param admits whether one more task may start beside the `running` ones (a memory bound);
   *   with none in flight one always starts, so the run never stalls.
   */
  constructor(
    size: number,
    private readonly admits: (running: number) => boolean = () => true,
  ) {
    this.size = Math.max(1, size);
  }

  private canStart(): boolean {
    return this.inFlight === 0 || (this.inFlight < this.size && this.admits(this.inFlight));
  }

  /** Resolves to whether the task was held back by `admits` while a slot was free. */
  async acquire(): Promise<boolean> {
    if (this.waiting.length === 0 && this.canStart()) {
      this.inFlight++;
      return false;
    }
    const heldBack = this.inFlight < this.size;
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    return heldBack;
  }

  release(): void {
    this.inFlight--;
    while (this.waiting.length > 0 && this.canStart()) {
      this.inFlight++;
      this.waiting.shift()!();
    }
  }
}

export interface PoolTask {
  exclusive: boolean;
  run: () => Promise<unknown>;
}

/** Runs the tasks in order of start; exclusive ones after all the others, one at a time. */
export async function runPool(
  tasks: PoolTask[],
  slots: Slots,
  shouldStop: () => boolean = () => false,
  onHeldBack: () => void = () => undefined,
): Promise<void> {
  const inSlot = async (task: PoolTask) => {
    if (await slots.acquire()) onHeldBack();
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
