// Compiling a server's schemas costs milliseconds each and blocks the event loop while it runs:
// a server that lists thousands of tools gets its first schemas judged, with a note of the rest,
// and the walk yields now and then so timers (timeouts, backstops, signals) still fire.

/** Schemas compiled per check at most. */
export const MAX_SCHEMAS_COMPILED = 500;
const YIELD_EVERY = 20;

/** Visits the first MAX_SCHEMAS_COMPILED items, yielding every few; notes how many were left out. */
export async function walkSchemas<T>(
  items: T[],
  visit: (item: T) => void,
  note: (text: string) => void,
): Promise<void> {
  const taken = items.slice(0, MAX_SCHEMAS_COMPILED);
  for (const [index, item] of taken.entries()) {
    if (index % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setImmediate(resolve));
    visit(item);
  }
  if (items.length > taken.length) {
    note(
      `${items.length} listed: the schemas of the first ${taken.length} were compiled (the cap per check), the other ${items.length - taken.length} not judged`,
    );
  }
}
