// Bounded concurrency shared by every revision of a run: at most `size` checks in flight at
// once; an exclusive task waits for its own pool's other tasks to finish and then runs alone.

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
