// Heap bytes a piece of synchronous work allocates, from V8's sampling heap profiler: objects it
// made and dropped count too, which a reading of the heap before and after cannot see.
import { Session } from 'node:inspector/promises';

const SAMPLING_INTERVAL_BYTES = 4096;

/** Bytes `work` allocated on the V8 heap (sampled, so to within a few sampling intervals). */
export async function allocatedBy(work: () => void): Promise<number> {
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: SAMPLING_INTERVAL_BYTES,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    work();
    const { profile } = await session.post('HeapProfiler.stopSampling');
    let total = 0;
    const nodes = [profile.head];
    for (let node = nodes.pop(); node !== undefined; node = nodes.pop()) {
      total += node.selfSize;
      nodes.push(...node.children);
    }
    return total;
  } finally {
    session.disconnect();
  }
}
