// Conformance levels as the Gateway API states them: Core is every applicable MUST outside the
// capability areas; each declared capability is its own level; errors leave a level
// inconclusive; skips are listed and never make a level conformant.
import { describe, expect, test } from 'vitest';
import { computeConformance } from '../../harness/results/conformance.js';
import { applyStrict } from '../../harness/results/strict.js';
import { fakeResults, type FakeCheck } from './matrix-fakes.js';

const CORE: FakeCheck[] = [
  ['2026-07-28/lifecycle/a', 'pass'],
  ['2026-07-28/meta/b', 'pass'],
  ['2026-07-28/meta/should', 'warn', 'SHOULD'],
];
const TOOLS: FakeCheck[] = [
  ['2026-07-28/tools/list', 'pass'],
  ['2026-07-28/tools/call', 'pass'],
];
const PROMPTS: FakeCheck[] = [
  ['2026-07-28/prompts/list', 'fail', 'MUST', 'no prompts/list'],
  ['2026-07-28/prompts/get', 'fail', 'MUST', 'no prompts/get'],
];
const declared = { tools: {}, resources: {}, prompts: {} };
const statement = (checks: FakeCheck[], capabilities: Record<string, unknown> = declared) =>
  computeConformance(fakeResults(checks, { capabilities })).revisions[0];

describe('conformance levels', () => {
  test('a run whose MUSTs pass is Core conformant and names each declared capability', () => {
    const s = statement([...CORE, ...TOOLS, ['2026-07-28/resources/read', 'pass'], ...PROMPTS]);
    expect(s.core.status).toBe('conformant');
    expect(s.extended.map((e) => [e.capability, e.status])).toEqual([
      ['tools', 'conformant'],
      ['resources', 'conformant'],
      ['prompts', 'not-conformant'],
    ]);
    expect(s.statement).toBe('2026-07-28: Core conformant; tools + resources conformant; prompts: 2 failures');
  });

  test('Authorization is a level of a protected server only, never part of Core', () => {
    const protectedRun = statement(
      [
        ...CORE,
        ...TOOLS,
        ['2026-07-28/auth/unauthenticated-rejected', 'pass'],
        ['2026-07-28/auth/expired-token-rejected', 'fail', 'MUST', 'served an expired token'],
      ],
      { tools: {} },
    );
    expect(protectedRun.core.status).toBe('conformant');
    expect(protectedRun.extended.map((e) => [e.capability, e.status])).toEqual([
      ['tools', 'conformant'],
      ['authorization', 'not-conformant'],
    ]);
    expect(protectedRun.statement).toBe('2026-07-28: Core conformant; tools conformant; authorization: 1 failure');
    const open = statement(
      [...CORE, ['2026-07-28/auth/unauthenticated-rejected', 'skip', 'MUST', 'not protected']],
      {},
    );
    expect(open.extended).toEqual([]);
    expect(open.core.skipped).toEqual([]);
    expect(open.statement).toBe('2026-07-28: Core conformant; no capabilities declared');
  });

  test('one MUST failure outside the capability areas flips Core', () => {
    const s = statement([...CORE, ['2026-07-28/meta/c', 'fail', 'MUST', 'broken'], ...TOOLS]);
    expect(s.core.status).toBe('not-conformant');
    expect(s.core.failures).toEqual([{ id: '2026-07-28/meta/c', verdict: 'fail', reason: 'broken' }]);
    expect(s.statement).toMatch(/^2026-07-28: Core 1 failure; tools conformant/);
  });

  test('a missed SHOULD breaks no level, with or without --strict: levels are made of MUSTs', () => {
    const checks: FakeCheck[] = [...CORE, ['2026-07-28/meta/d', 'warn', 'SHOULD']];
    expect(statement(checks).core.status).toBe('conformant');
    // --strict turns a SHOULD warning into a fail, but Core counts MUSTs only.
    expect(computeConformance(applyStrict(fakeResults(checks))).revisions[0].core.status).toBe('conformant');
  });

  test('an error or unstable verdict on a MUST makes the level inconclusive, never conformant', () => {
    expect(statement([...CORE, ['2026-07-28/meta/e', 'error', 'MUST', 'inconclusive: no answer']]).core.status).toBe(
      'inconclusive',
    );
    expect(statement([...CORE, ['2026-07-28/meta/e', 'unstable']]).core.status).toBe('inconclusive');
    // A failure outranks the error: the level is known to be broken.
    expect(statement([...CORE, ['2026-07-28/meta/e', 'error'], ['2026-07-28/meta/f', 'fail']]).core.status).toBe(
      'not-conformant',
    );
  });

  test('skipped MUSTs are listed with their reasons; only skips is not tested, not conformant', () => {
    const s = statement([
      ...CORE,
      ['2026-07-28/tools/list', 'skip', 'MUST', 'server lists no tools'],
      ['2026-07-28/tools/call', 'skip', 'MUST', 'no safe tool'],
    ]);
    const tools = s.extended.find((e) => e.capability === 'tools')!;
    expect(tools.status).toBe('not-tested');
    expect(tools.skipped).toEqual([
      { id: '2026-07-28/tools/list', verdict: 'skip', reason: 'server lists no tools' },
      { id: '2026-07-28/tools/call', verdict: 'skip', reason: 'no safe tool' },
    ]);
    expect(s.statement).toContain('tools, resources, prompts: not tested');
  });

  test('an undeclared capability is not claimed, and its checks that ran count for Core', () => {
    const s = statement(
      [...CORE, ...TOOLS, ['2026-07-28/logging/capability-declared', 'fail', 'MUST', 'logs without declaring logging']],
      { tools: {} },
    );
    expect(s.extended.map((e) => e.capability)).toEqual(['tools']);
    expect(s.core.failures.map((f) => f.id)).toEqual(['2026-07-28/logging/capability-declared']);
    expect(s.statement).not.toMatch(/logging/);
  });

  test('an extension declared under capabilities.extensions is a capability like the others', () => {
    const s = statement([...CORE, ['2026-07-28/tasks/x', 'pass']], { extensions: { tasks: {} } });
    expect(s.extended.map((e) => [e.capability, e.status])).toEqual([['tasks', 'conformant']]);
  });

  test('a baselined failure is still a failure; a narrowed run says it is partial', () => {
    const results = fakeResults([...CORE, ['2026-07-28/meta/g', 'fail']]);
    results.checks[3].expectedFailure = { pattern: '2026-07-28/meta/g' };
    results.options.select = ['2026-07-28/meta'];
    const c = computeConformance(results);
    expect(c.revisions[0].core.status).toBe('not-conformant');
    expect(c.partial).toBe('only checks matching 2026-07-28/meta');
  });

  test('the results file carries the statement, recomputed when verdicts change after the run', () => {
    const results = fakeResults([...CORE, ['2026-07-28/meta/should-2', 'warn', 'MUST', 'spec contradicts itself']]);
    expect(results.conformance?.revisions[0].core.status).toBe('conformant');
    expect(fakeResults([...CORE, ['2026-07-28/meta/h', 'fail']]).conformance?.revisions[0].statement).toBe(
      '2026-07-28: Core 1 failure; no capabilities declared',
    );
  });
});
