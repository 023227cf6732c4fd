// The check mode of the mutant plans (MUTANTS_CHECK): which runs prove one check, on fake checks
// and mutants so each rule shows on its own.
import { describe, expect, test } from 'vitest';
import { defineArea } from '../../harness/checks/check.js';
import type { Mutant } from '../fixtures/reference-server/mutants/types.js';
import { expectedIn, planCheckRuns, UNMUTATED, type Plan } from './mutant-plans.js';

const noop = async () => undefined;
const base = { title: 't', requirement: 'r', level: 'MUST' as const, spec: 'basic', run: noop };
const CHECKS = [
  ...defineArea('2026-07-28', 'meta', [
    { ...base, slug: 'new' },
    { ...base, slug: 'older' },
    { ...base, slug: 'http-only', transports: ['http'] },
  ]),
  ...defineArea('2026-07-28', 'tools', [{ ...base, slug: 'other' }]),
  ...defineArea('2025-11-25', 'meta', [{ ...base, slug: 'legacy' }]),
  ...defineArea('2026-07-28', 'wire', [{ ...base, slug: 'whole-run', phase: 'post' }]),
];
const NEW = '2026-07-28/meta/new';
const mutant = (name: string, catches: string[], more: Partial<Mutant> = {}): Mutant => ({
  name,
  description: name,
  catches,
  ...more,
});
const MUTANTS = [
  mutant('names-it', [NEW, '2026-07-28/meta/older']),
  mutant('same-area', ['2026-07-28/meta/older']),
  mutant('other-area', ['2026-07-28/tools/other']),
  mutant('fuzz', [], { fuzzOnly: true, transports: ['stdio'] }),
  mutant('legacy-only', ['2026-07-28/meta/older'], { era: 'legacy' }),
];
const byId = new Map(CHECKS.map((check) => [check.id, check]));
const summary = (plans: Plan[]) =>
  plans.map((p) => `${p.mutant.name || '-'} ${p.transport} ${p.scope} ${p.targets?.join(',')}`).sort();

describe('planCheckRuns', () => {
  test('the namer over its areas on each transport, the area and fuzz-only mutants over the check, the unmutated server', () => {
    expect(summary(planCheckRuns(MUTANTS, CHECKS, [NEW]))).toEqual([
      `- http target ${NEW}`,
      `- stdio target ${NEW}`,
      `fuzz stdio target ${NEW}`,
      `names-it http areas ${NEW}`,
      `names-it stdio areas ${NEW}`,
      `same-area http target ${NEW}`,
      `same-area stdio target ${NEW}`,
    ]);
  });

  test('a check runs only on the transports it applies to', () => {
    const plans = planCheckRuns(MUTANTS, CHECKS, ['2026-07-28/meta/http-only']);
    expect(new Set(plans.map((p) => p.transport))).toEqual(new Set(['http']));
  });

  test('a namer must catch the check; the others must leave it passing', () => {
    const plans = planCheckRuns(MUTANTS, CHECKS, [NEW]);
    const expected = (name: string) => expectedIn(plans.find((p) => p.mutant.name === name)!, byId);
    expect(expected('names-it')).toEqual([NEW, '2026-07-28/meta/older']);
    expect(expected('same-area')).toEqual([]);
    expect(expected('fuzz')).toEqual([]);
    expect(expectedIn(plans.find((p) => p.mutant === UNMUTATED)!, byId)).toEqual([]);
  });
});
