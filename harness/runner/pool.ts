// Bounded concurrency: at most `limit` tasks at once; an exclusive task runs alone.

export interface PoolTask<T> {
  exclusive: boolean;
  run: () => Promise<T>;
}

export async function runPool<T>(tasks: PoolTask<T>[], limit: number, shouldStop: () => boolean = () => false): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let running = 0;
  let exclusiveRunning = false;
  let next = 0;
  return new Promise((resolve, reject) => {
    const pump = () => {
      if (next >= tasks.length || shouldStop()) {
        if (running === 0) resolve(results.slice(0, next));
        return;
      }
      while (next < tasks.length && !exclusiveRunning && !shouldStop()) {
        const task = tasks[next];
        if (task.exclusive && running > 0) break; // wait for the others to drain
        if (!task.exclusive && running >= Math.max(1, limit)) break;
        const index = next++;
        running++;
        if (task.exclusive) exclusiveRunning = true;
        task
          .run()
          .then((value) => {
            results[index] = value;
          })
          .catch(reject)
          .finally(() => {
            running--;
            if (task.exclusive) exclusiveRunning = false;
            pump();
          });
      }
      if (running === 0 && (next >= tasks.length || shouldStop())) resolve(results.slice(0, next));
    };
    pump();
  });
}
