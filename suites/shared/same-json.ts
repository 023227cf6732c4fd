// JSON equality where object key order does not matter. Compared in place, not as canonical text:
// a page of a million numbers made two strings of megabytes per comparison.
import { isObject } from '../../harness/model.js';

/** Whether two JSON values are equal, key order aside. Iterative: a value may be nested hundreds deep. */
export function sameJson(a: unknown, b: unknown): boolean {
  const pairs: Array<[unknown, unknown]> = [[a, b]];
  while (pairs.length > 0) {
    const [left, right] = pairs.pop()!;
    if (Array.isArray(left) || Array.isArray(right)) {
      if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
      for (let i = 0; i < left.length; i++) pairs.push([left[i], right[i]]);
    } else if (isObject(left) || isObject(right)) {
      if (!isObject(left) || !isObject(right)) return false;
      const keys = Object.keys(left);
      if (keys.length !== Object.keys(right).length) return false;
      for (const key of keys) {
        if (!Object.hasOwn(right, key)) return false;
        pairs.push([left[key], right[key]]);
      }
    } else if (left !== right) return false;
  }
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
