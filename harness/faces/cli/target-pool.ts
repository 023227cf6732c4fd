// Several targets at once (`run --jobs N`, config `jobs`): at most N in flight, each on its own
// results, reports and exit status, so a target that crashes or hangs costs only its own report
// and time. Outcomes keep the targets' order, whatever order they finish in.

/** Runs `work` over `items`, at most `jobs` at a time; the outcomes in the items' order. */
export async function eachBounded<T, R>(
  items: readonly T[],
  jobs: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const outcomes = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      outcomes[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, items.length)) }, lane));
  return outcomes;
}
