// The README lists every check whose level is not the keyword of its sentence, with the reason,
// exactly as the checks declare it (issue #32: one level per rule, and the README says why).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { levelReasonTable, withLevelReasonTable } from '../../scripts/readme-levels/table.js';
import { ALL_CHECKS } from '../../suites/index.js';
import { PROJECT_ROOT } from '../helpers/fixture-process.js';

test('the README level table is the one the checks declare (npm run readme-levels rewrites it)', () => {
  const readme = fs.readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
  expect(withLevelReasonTable(readme, ALL_CHECKS)).toBe(readme);
  expect(readme).toContain('| `2026-07-28/errors/invalid-request` | SHOULD | derived:');
});

/** Rules whose revisions each have a sentence of their own, with its own keyword. */
const OWN_SENTENCES: Record<string, string> = {
  // 2026-07-28 streamable-http: "If the server does not implement the requested RPC method, it MUST respond with 404 Not Found and a JSON-RPC error with code -32601"; 2025-11-25 has only JSON-RPC 2.0's table.
  'errors/method-not-found': 'MUST in 2026-07-28, SHOULD in 2025-11-25',
  // 2026-07-28: "servers MUST return a JSON-RPC error with code -32602"; 2025-11-25: "Servers SHOULD return ... Resource not found: -32002".
  'resources/not-found': 'MUST in 2026-07-28, SHOULD in 2025-11-25',
};

test('a rule checked in both revisions has one level there, unless each revision has its own sentence', () => {
  const byRule = new Map<string, (typeof ALL_CHECKS)[number][]>();
  for (const check of ALL_CHECKS) {
    const rule = `${check.area}/${check.id.split('/').at(-1)}`;
    byRule.set(rule, [...(byRule.get(rule) ?? []), check]);
  }
  const split = [...byRule]
    .filter(([, checks]) => checks.length > 1 && new Set(checks.map((c) => c.level)).size > 1)
    .map(([rule]) => rule);
  expect(split).toEqual(Object.keys(OWN_SENTENCES));
});

test('the table escapes a pipe in a reason', () => {
  const [check] = ALL_CHECKS;
  expect(levelReasonTable([{ ...check, levelReason: 'a | b' }])).toContain('a \\| b');
});
