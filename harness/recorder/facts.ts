// The facts of a message that post-run checks judge, small enough to keep for every message:
// its envelope, and in result, params and error every scalar member and the whole _meta.
// Larger members (a list of tools) are replaced by a mark, so nothing cut reads as absent.
import { abridge, CUT_MARK } from './abridge.js';

const BODIES = ['result', 'params', 'error'];
/** Printed budget of one _meta kept among the facts. */
const META_BUDGET = 16 * 1024;

export function factsOf(message: unknown): unknown {
  if (!isPlainObject(message)) return abridge(message, META_BUDGET);
  const facts: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(message)) {
    facts[key] = BODIES.includes(key) && isPlainObject(value) ? bodyFacts(value) : smallOrMark(value);
  }
  return facts;
}

function bodyFacts(body: Record<string, unknown>): Record<string, unknown> {
  const facts: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body))
    facts[key] = key === '_meta' ? abridge(value, META_BUDGET) : smallOrMark(value);
  return facts;
}

function smallOrMark(value: unknown): unknown {
  if (value === null || typeof value !== 'object')
    return typeof value === 'string' ? abridge(value, META_BUDGET) : value;
  return `${CUT_MARK} ${Array.isArray(value) ? 'array' : 'object'} not kept among the facts`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
