// The guided phase of a property: inputs regenerated near those that got a new response class
// reach classes the seeded runs alone do not, within the same --runs, and a seed generates the
// same cases again against the same server.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCaseFile } from '../../../harness/fuzz/case-file.js';
import type { Slot } from '../../../harness/fuzz/case.js';
import { DEFAULT_EXECUTE } from '../../../harness/fuzz/execute.js';
import { recordFinding } from '../../../harness/fuzz/findings.js';
import { GuidedArbitrary, TapedArbitrary } from '../../../harness/fuzz/guided.js';
import { LiveTarget } from '../../../harness/fuzz/live-target.js';
import { defineCampaign, fuzzProperty, type FuzzProperty } from '../../../harness/fuzz/property.js';
import {
  guidedPath,
  parseGuidedPath,
  runProperty,
  type PropertyRunOptions,
} from '../../../harness/fuzz/run-property.js';
import { replayCase } from '../../../harness/fuzz/replay.js';
import { SALT } from '../../../harness/fuzz/salt.js';
import { createWireValidator } from '../../../harness/schema/index.js';
import { referenceStdio } from '../../helpers/harness.js';

const REVISION = '2026-07-28';
// The deeper a run of leading 3s, the rarer the input (1 in 4, 16, 64, 256) and the rarer the request it becomes.
const METHODS = ['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list', 'mcp-conform/deepest'];
const leadingThrees = (digits: number[]) => {
  const k = digits.findIndex((d) => d !== 3);
  return Math.min(k === -1 ? digits.length : k, METHODS.length - 1);
};

/** A test-only property: each input is one request, whose method depends on how many 3s it starts with; any answer is allowed, or with `strict` only a result to the deepest. */
function depthProperty(planned: string[], strict = false): FuzzProperty {
  const campaign = defineCampaign(REVISION, 'guided-test', [
    fuzzProperty<number[]>({
      slug: 'depth',
      title: 'test: leading 3s pick the method',
      requirement: 'test only',
      level: 'MUST',
      spec: 'basic',
      transports: ['stdio'],
      arbitrary: () => fc.array(fc.nat(3), { minLength: 4, maxLength: 6 }),
      plan(digits, env) {
        planned.push(digits.join(''));
        const id = `depth-${SALT}-${digits.join('')}`;
        const depth = leadingThrees(digits);
        const method = METHODS[depth];
        const { message } = env.dialect.build(method, {}, id);
        const allow: Slot['allow'] =
          strict && depth === METHODS.length - 1 ? [{ answer: 'result' }] : [{ answer: 'result' }, { answer: 'error' }];
        return {
          steps: [
            { label: method, text: `${JSON.stringify(message)}\n`, slots: [{ what: method, id, method, allow }] },
          ],
        };
      },
    }),
  ]);
  return campaign.properties[0];
}

// One server for every run: the runs of a fuzz campaign share one too.
let target: LiveTarget;
beforeAll(async () => {
  target = new LiveTarget({ target: referenceStdio(), revision: REVISION, timeoutMs: 5000 });
  expect(await target.start()).toBeUndefined();
});
afterAll(() => target.close());

function run(options: Partial<PropertyRunOptions>, planned: string[] = [], strict = false) {
  return runProperty(depthProperty(planned, strict), target, {
    seed: 14,
    runs: 60,
    shrinkBudgetMs: 5000,
    execute: { ...DEFAULT_EXECUTE, timeoutMs: 5000 },
    toolCalls: 'safe',
    validator: createWireValidator(REVISION),
    ...options,
  });
}

describe('guided phase', () => {
  // Seed 14 is one where the 60 seeded runs never start with four 3s (1 in 256); fixed, it stays so.
  // Over seeds 1 to 500 (the same arbitrary, no server) 60 seeded runs reach that class 85 times, 45 seeded + 15 guided 115 times.
  it('reaches a response class the seeded runs alone miss within the same runs, counts it as guided, and generates the same cases again', {
    timeout: 120_000,
  }, async () => {
    const first: string[] = [];
    const second: string[] = [];
    const seededOnly = await run({ guidedShare: 0 });
    const guided = await run({}, first);
    expect(seededOnly.failure).toBeUndefined();
    expect(guided.failure).toBeUndefined();
    expect([seededOnly.cases, guided.cases, guided.guidedRuns, guided.interrupted]).toEqual([60, 60, 15, false]);
    const missed = guided.classes!.filter((c) => !seededOnly.classes!.includes(c));
    expect(missed, `seeded only: ${seededOnly.classes}; guided: ${guided.classes}`).toEqual([
      expect.stringMatching(/^mcp-conform\/deepest error:-32601$/),
    ]);
    expect(guided.guidedClasses).toEqual(missed);
    // Same seed, same server answers: the same inputs in the same order (the guided ones included).
    const again = await run({}, second);
    expect(first.length).toBeGreaterThanOrEqual(60);
    expect(second).toEqual(first);
    expect(again.classes).toEqual(guided.classes);
    expect(again.guidedClasses).toEqual(guided.guidedClasses);
  });

  it('a finding of the guided phase shrinks, and replays from its case file and from seed and path', {
    timeout: 120_000,
  }, async () => {
    // The deepest request (four leading 3s) is held to a result, which the reference server, not knowing the method, cannot give.
    const outcome = await run({}, [], true);
    expect(outcome.failure?.failures[0].message).toMatch(/mcp-conform\/deepest/);
    expect(outcome.path).toMatch(/^g45:/);
    // Shrunk by the arbitrary's own shrinker: the four 3s that matter, anything after them down to 0.
    const shrunk = outcome.failure!.input as number[];
    expect([shrunk.slice(0, 4), shrunk.slice(4).every((d) => d === 0)]).toEqual([[3, 3, 3, 3], true]);
    const findingsDir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-guided-'));
    const finding = recordFinding(outcome, {
      targetWords: ['--stdio', 'server'],
      targetDescription: 'reference server',
      findingsDir,
    });
    expect(finding.replayCommand).toContain(`--path ${outcome.path}`);
    const replayed = await replayCase(readCaseFile(finding.file!), referenceStdio(), {
      ...DEFAULT_EXECUTE,
      timeoutMs: 5000,
    });
    expect(replayed.failures.map((f) => f.message)).toEqual(outcome.failure!.failures.map((f) => f.message));
    const again = await run({ path: outcome.path }, [], true);
    expect(again.failure!.input).toEqual(shrunk);
    expect(again.path).toBe(outcome.path);
  });

  it("a guided input shrinks with the arbitrary's own shrinker", () => {
    const digits = fc.array(fc.nat(3), { minLength: 4, maxLength: 6 });
    const taped = new TapedArbitrary(digits);
    const corpus: number[][] = [];
    fc.check(
      fc.property(taped, (d) => {
        corpus.push(taped.take(fc.stringify(d))!);
      }),
      { seed: 14, numRuns: 5 },
    );
    const details = fc.check(
      fc.property(new GuidedArbitrary(digits, corpus), (d) => d[0] !== 3 || d.slice(1).every((x) => x === 0)),
      { seed: 14, numRuns: 50 },
    );
    expect(details.failed).toBe(true);
    expect(details.numShrinks).toBeGreaterThan(0);
    const [shrunk] = details.counterexample!;
    expect([shrunk[0], shrunk.slice(1).filter((x) => x !== 0)]).toEqual([3, [1]]);
  });

  it('names a guided counterexample by the seeded runs before it', () => {
    expect(parseGuidedPath(guidedPath(45, '3:0:1'))).toEqual({ seededRuns: 45, path: '3:0:1' });
    expect(parseGuidedPath('3:0:1')).toBeUndefined();
  });
});
