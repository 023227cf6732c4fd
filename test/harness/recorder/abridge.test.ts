import { describe, expect, test } from 'vitest';
import {
  abridge,
  CUT_MARK,
  MAX_EVIDENCE_DEPTH,
  MAX_PRINTED_BYTES,
  shortenString,
} from '../../../harness/recorder/abridge.js';

describe('abridge: evidence budgeted by printed size', () => {
  test('a value within the budget is kept as it is (the same object)', () => {
    const small = { a: [1, 2, 3], b: 'text' };
    expect(abridge(small)).toBe(small);
  });

  test('200,000 numbers 200 deep print within the budget, cut at the evidence depth and said in place', () => {
    let deep: unknown = Array.from({ length: 200_000 }, () => 1);
    for (let i = 0; i < 200; i++) deep = [deep];
    const kept = abridge(deep);
    const printed = JSON.stringify(kept, null, 1);
    expect(printed.length).toBeLessThan(MAX_PRINTED_BYTES * 2);
    expect(printed).toContain(`${CUT_MARK} nested deeper than ${MAX_EVIDENCE_DEPTH} levels`);
  });

  test('200,000 numbers 50 deep: cut where the printed budget ends, the rest counted', () => {
    let deep: unknown = Array.from({ length: 200_000 }, () => 1);
    for (let i = 0; i < 50; i++) deep = [deep];
    const printed = JSON.stringify(abridge(deep), null, 1);
    expect(printed.length).toBeLessThan(MAX_PRINTED_BYTES * 2);
    expect(printed).toMatch(/more of 200000 items not kept/);
  });

  test('a small value nested past the evidence depth is cut there, however few bytes it takes', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 3000; i++) deep = { a: deep };
    const printed = JSON.stringify(abridge(deep), null, 1);
    expect(printed.split('\n').length).toBeLessThan(MAX_EVIDENCE_DEPTH * 2 + 4);
    expect(printed).not.toContain('bottom');
  });

  test('a long string is kept once as head, length and tail', () => {
    const text = `start${'x'.repeat(1_000_000)}end`;
    const kept = shortenString(text);
    expect(kept.length).toBeLessThan(2_000);
    expect(kept.startsWith('start')).toBe(true);
    expect(kept.endsWith('end')).toBe(true);
    expect(kept).toContain('of 1000008 characters not kept');
    expect(JSON.stringify(abridge({ description: text })).length).toBeLessThan(2_100);
  });

  test('an object with very many members keeps the first ones and counts the rest', () => {
    const wide = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`key${i}`, i]));
    const kept = abridge(wide) as Record<string, unknown>;
    expect(Object.keys(kept).length).toBeLessThan(6_000);
    expect(kept[CUT_MARK]).toMatch(/more of 20000 members not kept/);
  });
});
