// Server-supplied patterns run on a linear-time engine (RE2, in JavaScript): a pattern such as
// ^(a+)+$ that backtracks for ever on the built-in engine can never block the harness's event
// loop. What RE2 cannot express (lookaround, backreferences) is refused, never run elsewhere.
import { RE2JS } from 're2js';

export interface LinearRegExp {
  test(text: string): boolean;
  /** The pattern and flags, as a RegExp prints them. */
  toString(): string;
}

/** Thrown for a pattern only a backtracking engine can run. */
export class UnsupportedPattern extends Error {}

const HEX = /^[0-9A-Fa-f]+$/;

/** ECMA-262 escapes RE2 spells differently: \uXXXX and \u{X...} become \x{...}, \cX its control code. */
function toRe2Syntax(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char !== '\\') {
      out += char;
      continue;
    }
    const next = pattern[i + 1] ?? '';
    if (next === 'u' && pattern[i + 2] === '{') {
      const end = pattern.indexOf('}', i + 3);
      const hex = end === -1 ? '' : pattern.slice(i + 3, end);
      if (HEX.test(hex)) {
        out += `\\x{${hex}}`;
        i = end;
        continue;
      }
    } else if (next === 'u' && HEX.test(pattern.slice(i + 2, i + 6)) && pattern.slice(i + 2, i + 6).length === 4) {
      out += `\\x{${pattern.slice(i + 2, i + 6)}}`;
      i += 5;
      continue;
    } else if (next === 'c' && /^[A-Za-z]$/.test(pattern[i + 2] ?? '')) {
      out += `\\x{${(pattern.charCodeAt(i + 2) % 32).toString(16)}}`;
      i += 2;
      continue;
    }
    out += char + next;
    i++;
  }
  return out;
}

/** A compiled pattern that matches in linear time; `flags` as RegExp flags (only `i` changes matching). */
export function linearRegExp(pattern: string, flags = ''): LinearRegExp {
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(toRe2Syntax(pattern), flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (error) {
    throw new UnsupportedPattern(
      `pattern ${JSON.stringify(pattern.slice(0, 120))} needs a backtracking regular expression engine, which could block the harness: ${(error as Error).message}`,
    );
  }
  // Ajv keys the patterns of one validator by this text: without it every pattern would share the first one's engine.
  const text = `/${pattern}/${flags}`;
  return { test: (input) => compiled.test(input), toString: () => text };
}
