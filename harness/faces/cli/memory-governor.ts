// V8 lets its heap grow far past what is live while a server floods the harness with big or many
// messages, and collects late: runs whose live heap stayed near 150 MB reached 600 MB to 1 GB of
// resident memory. Past a threshold of heap in use, or half of it over what stayed live at the last
// collection (4 MB messages parsed by the thousand leave a dead copy in the old space at each minor
// collection), the governor asks for a full collection; never before the heap has grown by a quarter
// of the threshold since the last one, so what is live is never chased.
// Buffers count with the heap: dead stdout chunks of 4 MB lines waiting for a collection kept about
// 30 MB more resident (the allocator keeps what it once handed out).
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Heap in use (with Buffers) past which a collection is asked for. 64 MB, not 96: the deep answer
 * peaked at 253-267 MB instead of 258-304, the 100,000 flood at 239 MB instead of 291 (one run
 * each), in the same time (96 and 95 s).
 */
export const GOVERNED_HEAP_BYTES = 64 * 1024 * 1024;
// Every 20 ms, not 100: a flood's garbage grew the heap 60 MB between two readings 100 ms apart.
const CHECK_EVERY_MS = 20;

export interface GovernorHooks {
  heapUsed(): number;
  collect(): void;
}

/** V8's own: the heap in use plus external memory, and a full collection (gc made reachable at run time, on first need: no start-up cost). */
export function v8Hooks(): GovernorHooks {
  let gc: (() => void) | undefined;
  return {
    heapUsed: () => {
      const stats = getHeapStatistics();
      return stats.used_heap_size + stats.external_memory;
    },
    collect: () => {
      if (!gc) {
        setFlagsFromString('--expose-gc');
        const reached = runInNewContext('gc') as unknown;
        gc = typeof reached === 'function' ? (reached as () => void) : () => undefined;
      }
      gc();
    },
  };
}

/** Starts the governor (its timer never keeps the process alive); returns how to stop it. */
export function governMemory(threshold = GOVERNED_HEAP_BYTES, hooks = v8Hooks()): () => void {
  let afterLast = 0;
  const timer = setInterval(() => {
    const used = hooks.heapUsed();
    const grown = used - afterLast;
    if (grown > threshold / 4 && (used > threshold || grown > threshold / 2)) {
      hooks.collect();
      afterLast = hooks.heapUsed();
    }
  }, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
