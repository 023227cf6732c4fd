// Server patterns never run on the backtracking engine: a catastrophic pattern returns at once,
// ECMA-262 escapes keep their meaning, and what needs backtracking is refused, not run.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { describe, expect, test } from 'vitest';
import { compileSchema, invalidInputs } from '../../generators/schema/index.js';
import { PROJECT_ROOT } from '../helpers/fixture-process.js';
import { linearRegExp, UnsupportedPattern } from '../../generators/schema/linear-regex.js';

const EVIL = ['^(a+)+$', '^((.|.)|(.|.))*X$', '^(\\w+\\s?)*$'];
const EVIL_TEXT = `${'a'.repeat(40)}!`;

describe('linearRegExp', () => {
  test.each(EVIL)('%s against 40 characters and a miss answers in milliseconds', (pattern) => {
    const started = performance.now();
    expect(linearRegExp(pattern).test(EVIL_TEXT)).toBe(false);
    expect(linearRegExp(pattern).test('mcp conform ~ no match'.repeat(4))).toBe(false);
    // The built-in engine needs minutes for the first; a linear one, well under a second.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  test('ECMA-262 escapes mean what they mean in JavaScript', () => {
    expect(linearRegExp('^\\u00e9+$').test('éé')).toBe(true);
    expect(linearRegExp('^\\u{1F600}$').test('😀')).toBe(true);
    expect(linearRegExp('^a\\cJb$').test('a\nb')).toBe(true);
    expect(linearRegExp('^\\\\u0041$').test('\\u0041')).toBe(true);
    expect(linearRegExp('^[a-z0-9-]+$').test('mcp-conform')).toBe(true);
    expect(linearRegExp('ABC', 'i').test('xabcx')).toBe(true);
  });

  test('a pattern that needs backtracking (lookahead, backreference) is refused', () => {
    expect(() => linearRegExp('^(?=a)a$')).toThrow(UnsupportedPattern);
    expect(() => linearRegExp('^(a)\\1$')).toThrow(UnsupportedPattern);
  });
});

/** Compiles and validates in a child process, killed after 20 s: a blocked loop cannot time itself out. */
async function validateApart(pattern: string): Promise<string> {
  const compile = pathToFileURL(path.join(PROJECT_ROOT, 'dist/generators/schema/compile.js')).href;
  const script = `
    const { compileSchema } = await import(${JSON.stringify(compile)});
    const pattern = ${JSON.stringify(pattern)}, text = ${JSON.stringify(EVIL_TEXT)};
    const compiled = compileSchema({ type: 'object', properties: { text: { type: 'string', pattern } }, patternProperties: { [pattern]: { type: 'string' } } });
    if (!compiled.ok) throw new Error(compiled.message);
    console.log(JSON.stringify([compiled.validate({ text }), compiled.validate({ [text]: 1 })]));`;
  const child = await execa(process.execPath, ['--input-type=module', '-e', script], {
    timeout: 20_000,
    reject: false,
  });
  return child.timedOut ? 'blocked for 20 s' : child.stdout || child.stderr;
}

describe('server schemas with catastrophic patterns', () => {
  test.each(EVIL)('%s compiles and validates without blocking', async (pattern) => {
    expect(await validateApart(pattern)).toBe('[false,true]');
  });

  test('the invalid-argument generator tests its miss strings on the linear engine', () => {
    const schema = { type: 'object', properties: { text: { type: 'string', pattern: EVIL[1] } }, required: ['text'] };
    const misses = invalidInputs(schema).inputs.filter((input) => input.kind === 'pattern');
    expect(misses.length).toBeGreaterThan(0);
  });

  test('schemas compiled one after another in the shared validator each keep their own pattern', () => {
    const withPattern = (pattern: string) =>
      compileSchema({ type: 'object', properties: { code: { type: 'string', pattern } } });
    const letters = withPattern('^[A-Z]{3}$');
    const digits = withPattern('^[0-9]{4}$');
    if (!letters.ok || !digits.ok) throw new Error('both compile');
    expect([letters.validate({ code: 'ABC' }), letters.validate({ code: '1234' })]).toEqual([true, false]);
    expect([digits.validate({ code: '1234' }), digits.validate({ code: 'ABC' })]).toEqual([true, false]);
  });

  test('a lookahead pattern is an unsupported pattern, not an invalid schema', () => {
    expect(compileSchema({ type: 'string', pattern: '^(?=.*\\d).{8,}$' })).toMatchObject({
      ok: false,
      kind: 'unsupported-pattern',
    });
  });
});
