// Verdict colours and order for terminal output, shared by the console summary, its matrix and
// the GitHub reports (kept apart from console.ts so none of them import each other in a circle).
import type { Verdict } from '../harness/results/vocabulary.js';

export interface Style {
  color: boolean;
}

/** FORCE_COLOR (any value but 0/false) wins, as in Node; else NO_COLOR off, else a TTY that is not dumb. */
export function styleFor(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): Style {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return { color: force !== '0' && force.toLowerCase() !== 'false' };
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  return { color: !noColor && stream.isTTY === true && env.TERM !== 'dumb' };
}

// Keyed by string so a verdict added to VERDICTS renders (uncoloured) before it is named here.
const CODES: Record<string, number> = { pass: 32, fail: 31, warn: 33, unstable: 33, skip: 90, error: 35 };

/** Worst first: what a reader of a CI log must see at the top. */
const SEVERITY: Record<string, number> = { fail: 0, error: 1, unstable: 2, warn: 3, skip: 4, pass: 5 };
export const severity = (verdict: Verdict): number => SEVERITY[verdict] ?? 2;

export function paint(style: Style, verdict: Verdict, text: string): string {
  const code = CODES[verdict];
  return style.color && code !== undefined ? `\u001b[${code}m${text}\u001b[0m` : text;
}
