// JSON equality where object key order does not matter. Compared in place, not as canonical text:
// a page of a million numbers made two strings of megabytes per comparison.
import { isObject } from '../../harness/model.js';

/**
 * Whether two JSON values are equal, key order aside. Iterative: a value may be nested hundreds deep.
 * Scalars are compared where they are met; only containers wait, on two parallel stacks: a pair
 * pushed per member allocated 98 MB of short-lived arrays for two pages of a million numbers, the
 * peak of the deep-answer run.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  const lefts: unknown[] = [];
  const rights: unknown[] = [];
  if (!sameOrPending(a, b, lefts, rights)) return false;
  while (lefts.length > 0) {
    const left = lefts.pop();
    const right = rights.pop();
    if (Array.isArray(left)) {
      const others = right as unknown[];
      for (let i = 0; i < left.length; i++) if (!sameOrPending(left[i], others[i], lefts, rights)) return false;
      continue;
    }
    const leftObject = left as Record<string, unknown>;
    const rightObject = right as Record<string, unknown>;
    const keys = Object.keys(leftObject);
    if (keys.length !== Object.keys(rightObject).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(rightObject, key)) return false;
      if (!sameOrPending(leftObject[key], rightObject[key], lefts, rights)) return false;
    }
  }
  return true;
}

/** Scalars: whether they are equal. Containers: whether they are of one kind (arrays of one length), pushed to be compared member by member. */
function sameOrPending(left: unknown, right: unknown, lefts: unknown[], rights: unknown[]): boolean {
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
  } else if (isObject(left) || isObject(right)) {
    if (!isObject(left) || !isObject(right)) return false;
  } else return left === right;
  lefts.push(left);
  rights.push(right);
  return true;
}

/** Whether `text` is JSON equal to `value`, key order aside (a text block mirroring structuredContent). */
export function textIsJson(text: string, value: unknown): boolean {
  try {
    return sameJson(JSON.parse(text), value);
  } catch {
    return false;
  }
}
