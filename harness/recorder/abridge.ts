// Evidence is budgeted by the size it prints to, not by its size on the wire: a 2 MB answer of a
// million numbers 200 deep prints to 200 MB with indentation, and every report prints it again.
// A value over the budget is kept as a copy cut to it: long strings as head, length and tail,
// containers cut where the budget runs out, each cut said in place. Depth is budgeted too: a
// schema 512 levels deep prints a line per level, each indented by its depth, in every report.

/** Printed bytes one value may take in the evidence. */
export const MAX_PRINTED_BYTES = 64 * 1024;
/** Containers deeper than this are kept as a mark in the evidence (the checks read the value whole). */
export const MAX_EVIDENCE_DEPTH = 64;
/** Strings longer than this are kept as head, length and tail. */
export const LONG_STRING = 2048;
const HEAD = 1024;
const TAIL = 256;

export const CUT_MARK = '[mcp-conform: cut]';
const DEPTH_CUT = `${CUT_MARK} nested deeper than ${MAX_EVIDENCE_DEPTH} levels: not kept in the evidence`;

/** A long string as its head, its length and its tail, said once. */
export function shortenString(text: string, max = LONG_STRING): string {
  if (text.length <= max) return text;
  const head = Math.min(HEAD, Math.floor(max / 2));
  const tail = Math.min(TAIL, Math.floor(max / 8));
  return detached(
    `${text.slice(0, head)}${CUT_MARK} …${text.length - head - tail} of ${text.length} characters not kept… ${text.slice(text.length - tail)}`,
  );
}

/**
 * A copy that holds no reference to the string it was cut from: V8 keeps a slice as a view of its
 * parent, so a 1 KB head would keep a 4 MB string alive for the whole run.
 */
export function detached(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}

/** Printed size of the value (one space per level of indentation, as the reports print), up to `limit`. */
function printedCost(node: unknown, depth: number, limit: number): number {
  let cost = depth + 2;
  if (typeof node === 'string') return cost + node.length;
  if (node === null || typeof node !== 'object') return cost + 8;
  if (depth >= MAX_EVIDENCE_DEPTH) return Number.POSITIVE_INFINITY;
  // By index and by key: Object.entries of a million-item array would allocate a million pairs.
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length && cost <= limit; i++) cost += printedCost(node[i], depth + 1, limit - cost);
    return cost;
  }
  for (const key in node) {
    cost += key.length + 4 + printedCost((node as Record<string, unknown>)[key], depth + 1, limit - cost);
    if (cost > limit) return cost;
  }
  return cost;
}

/** Printed size of the value as the reports print it (indented), counted up to `limit` and a little past. */
export function printedSize(value: unknown, limit = Number.MAX_SAFE_INTEGER): number {
  return value === undefined ? 0 : printedCost(value, 0, limit);
}

/** The value itself when it prints within the budget; else a copy cut to it. */
export function abridge<T>(value: T, budget = MAX_PRINTED_BYTES): T {
  if (value === undefined || printedCost(value, 0, budget) <= budget) return value;
  const state = { left: budget };
  return cut(value, 0, state) as T;
}

function cut(node: unknown, depth: number, state: { left: number }): unknown {
  state.left -= depth + 2;
  if (typeof node === 'string') {
    const kept = shortenString(node);
    state.left -= kept.length;
    return kept;
  }
  if (node === null || typeof node !== 'object') {
    state.left -= 8;
    return node;
  }
  if (depth >= MAX_EVIDENCE_DEPTH) {
    state.left -= DEPTH_CUT.length;
    return DEPTH_CUT;
  }
  if (Array.isArray(node)) {
    const out: unknown[] = [];
    for (let i = 0; i < node.length; i++) {
      if (state.left <= 0) {
        out.push(`${CUT_MARK} ${node.length - i} more of ${node.length} items not kept`);
        break;
      }
      out.push(cut(node[i], depth + 1, state));
    }
    return out;
  }
  const out: Record<string, unknown> = {};
  const keys = Object.keys(node);
  for (let i = 0; i < keys.length; i++) {
    if (state.left <= 0) {
      out[CUT_MARK] = `${keys.length - i} more of ${keys.length} members not kept`;
      break;
    }
    const key = shortenString(keys[i], 256);
    state.left -= key.length + 4;
    out[key] = cut((node as Record<string, unknown>)[keys[i]], depth + 1, state);
  }
  return out;
}
