// The fuzz arbitraries and builders: exact id literals, cuts, malformations, seeded schema inputs.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { boundaryArguments } from '../../../generators/arguments/boundary-arguments.js';
import { invalidAuthorization } from '../../../generators/http/authorization.js';
import { invalidArguments } from '../../../generators/arguments/invalid-arguments.js';
import { validArguments } from '../../../generators/arguments/valid-arguments.js';
import { cutsAt } from '../../../generators/builders/cuts.js';
import { messageText } from '../../../generators/builders/json-text.js';
import { nestedText, truncate, withInvalidBytes } from '../../../generators/builders/malform.js';
import { unsafeIntegerId } from '../../../generators/ids/unsafe-integer-id.js';
import { requestId } from '../../../generators/ids/request-id.js';
import { compileSchema } from '../../../generators/schema/compile.js';
import { stepPieces } from '../../../harness/fuzz/case.js';
import { SALT, saltFor, withSalt } from '../../../harness/fuzz/salt.js';

const PICK = {
  type: 'object',
  properties: {
    color: { enum: ['red', 'green', 'blue'] },
    count: { type: 'integer', minimum: 1, maximum: 5 },
    code: { type: 'string', pattern: '^[A-Z]{3}$' },
  },
  required: ['color', 'count', 'code'],
  additionalProperties: false,
};

describe('ids', () => {
  test('an unsafe integer id is sent digit for digit, beyond what a double holds', () => {
    fc.assert(
      fc.property(unsafeIntegerId(), (id) => {
        expect(id.text).toMatch(/^-?\d+$/);
        expect(BigInt(id.text) >= 2n ** 53n || BigInt(id.text) <= -(2n ** 53n)).toBe(true);
        expect(messageText({ jsonrpc: '2.0', id: 0, method: 'm' }, id.text)).toBe(
          `{"jsonrpc":"2.0","id":${id.text},"method":"m"}`,
        );
      }),
      { seed: 1, numRuns: 200 },
    );
  });

  test('every id kind parses back to the value the case expects', () => {
    fc.assert(
      fc.property(requestId(), (id) => {
        if (id === undefined) return;
        expect(JSON.parse(`{"id":${id.text}}`).id).toEqual(id.value);
      }),
      { seed: 2, numRuns: 500 },
    );
  });

  test('a $ in an id is spliced literally', () => {
    expect(messageText({ id: 1 }, '"$&$1"')).toBe('{"id":"$&$1"}');
  });
});

describe('framing builders', () => {
  test('cuts are inside the bytes, sorted and unique; pieces rebuild the bytes', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 2, maxLength: 200 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }),
        (text, fractions) => {
          const length = Buffer.byteLength(text);
          const cuts = cutsAt(length, fractions);
          expect(cuts.every((at, i) => at > 0 && at < length && (i === 0 || cuts[i - 1] < at))).toBe(true);
          expect(Buffer.concat(stepPieces({ label: '', text, splits: cuts, slots: [] })).toString()).toBe(text);
        },
      ),
      { seed: 3 },
    );
  });

  test('a truncated request is never valid JSON; nesting is as deep as asked; invalid bytes are not UTF-8', () => {
    const text = JSON.stringify({ jsonrpc: '2.0', id: 'a', method: 'tools/list', params: {} });
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (at) => {
        expect(() => JSON.parse(truncate(text, at))).toThrow();
      }),
      { seed: 4 },
    );
    expect(JSON.parse(nestedText(3, 'array'))).toEqual([[[1]]]);
    expect(nestedText(100_000, 'object').length).toBeGreaterThan(500_000);
    expect(() =>
      new TextDecoder('utf-8', { fatal: true }).decode(withInvalidBytes(text, { bytes: [0xc0, 0xaf], at: 0.5 })),
    ).toThrow();
  });

  test('the salt keeps lengths, so split offsets still cut where they did', () => {
    const template = {
      steps: [
        {
          label: `id ${SALT}`,
          text: `{"id":"x-${SALT}"}\n`,
          splits: [3],
          slots: [{ what: 'x', id: `x-${SALT}`, allow: [] }],
        },
      ],
    };
    const salted = withSalt(template, saltFor(42));
    expect(salted.steps[0].text).toBe(`{"id":"x-${saltFor(42)}"}\n`);
    expect(salted.steps[0].text!.length).toBe(template.steps[0].text.length);
    expect(salted.steps[0].slots[0].id).toBe(`x-${saltFor(42)}`);
    expect(saltFor(1)).not.toBe(saltFor(2));
  });
});

describe('schema-driven arguments', () => {
  const compiled = compileSchema(PICK);
  if (!compiled.ok) throw new Error(compiled.message);

  test('valid and boundary arguments validate; the same seed replays the same value', () => {
    const arbitraries = [validArguments(PICK)!, boundaryArguments(PICK)!];
    for (const arbitrary of arbitraries) {
      fc.assert(
        fc.property(arbitrary, (made) => {
          expect(compiled.validate(made.value), JSON.stringify(made)).toBe(true);
        }),
        { seed: 5, numRuns: 40 },
      );
      expect(fc.sample(arbitrary, { seed: 9, numRuns: 5 })).toEqual(fc.sample(arbitrary, { seed: 9, numRuns: 5 }));
    }
  });

  test('boundary arguments reach the bounds of count', () => {
    const counts = new Set(
      fc.sample(boundaryArguments(PICK)!, { seed: 6, numRuns: 200 }).map((made) => made.value.count),
    );
    expect(counts.has(1) && counts.has(5)).toBe(true);
  });

  test('a lone string property meets a lone surrogate often, and a failing join shrinks to a piece or two', () => {
    const ECHO = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] };
    const lone = (made: { value: Record<string, unknown> }) => /\\ud[89a-f]/i.test(JSON.stringify(made.value.text));
    const samples = fc.sample(boundaryArguments(ECHO)!, { seed: 11, numRuns: 300 });
    // One hard string in 14 when each is drawn alone; joined, about half the draws hold one.
    expect(samples.filter(lone).length / samples.length).toBeGreaterThan(0.3);
    const run = fc.check(
      fc.property(boundaryArguments(ECHO)!, (made) => !lone(made)),
      { seed: 11, numRuns: 300 },
    );
    expect(run.failed).toBe(true);
    // The whole join is over 60 characters; shrunk, a piece or two is left.
    expect((run.counterexample![0].value.text as string).length).toBeLessThan(6);
  });

  test('invalid arguments are all rejected by the schema, and come in several kinds', () => {
    const samples = fc.sample(invalidArguments(PICK)!, { seed: 7, numRuns: 100 });
    expect(samples.every((made) => !compiled.validate(made.value))).toBe(true);
    expect(new Set(samples.map((made) => made.kind)).size).toBeGreaterThan(3);
  });

  test('a schema nothing can be generated for gets no arbitrary rather than an endless filter', () => {
    expect(validArguments({ type: 'object', required: ['a'], properties: { a: false } })).toBeUndefined();
  });
});

describe('invalid Authorization values', () => {
  test('are header values HTTP can carry, of many kinds, and the same for the same seed', () => {
    const samples = fc.sample(invalidAuthorization(), { seed: 3, numRuns: 300 });
    // Visible ASCII, space and tab only: undici refuses the rest, and a header could not carry them.
    expect(samples.every((made) => /^[\t\x20-\x7e]*$/.test(made.value))).toBe(true);
    expect(new Set(samples.map((made) => made.kind.replace(/\d+/g, 'N'))).size).toBeGreaterThan(6);
    expect(samples.some((made) => made.kind === 'an unsigned JWT (alg none)')).toBe(true);
    expect(fc.sample(invalidAuthorization(), { seed: 3, numRuns: 20 })).toEqual(samples.slice(0, 20));
  });
});
