// What a parsed JSON value costs on the V8 heap, roughly: the whole messages the recorder keeps for
// the checks are budgeted by it, not by their wire size. A million small numbers are 2 MB on the
// wire and 8 MB in memory.
const OBJECT = 16;
const SLOT = 8;

/** A scalar's own cost (its slot is counted by its container): small integers live in the slot. */
function scalarBytes(value: unknown): number {
  if (typeof value === 'string') return OBJECT + value.length;
  if (typeof value === 'number') return Number.isInteger(value) ? 0 : OBJECT;
  return 0;
}

/** Heap bytes of `value`, counted until `cap` is passed (then a number over `cap`). */
export function heapEstimate(value: unknown, cap = Number.POSITIVE_INFINITY): number {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && total <= cap) {
    const item = stack.pop();
    if (item === null || typeof item !== 'object') {
      total += scalarBytes(item);
      continue;
    }
    // Index and for-in loops: Object.values of every container was itself most of this walk's garbage.
    if (Array.isArray(item)) {
      total += OBJECT + SLOT * item.length;
      for (let i = 0; i < item.length; i++) {
        const member: unknown = item[i];
        if (member !== null && typeof member === 'object') stack.push(member);
        else total += scalarBytes(member);
      }
      continue;
    }
    total += OBJECT;
    for (const key in item) {
      // An object's slots hold keys and values alike.
      total += 2 * SLOT;
      const member: unknown = (item as Record<string, unknown>)[key];
      if (member !== null && typeof member === 'object') stack.push(member);
      else total += scalarBytes(member);
    }
  }
  return total;
}
