// A stdio finding says what it needs sent before it, and replay sends the same: a server that keeps
// state across requests fails some cases only after certain traffic, and a hand check on a fresh
// process would otherwise look like a false alarm.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCaseFile } from '../../../harness/fuzz/case-file.js';
import type { FuzzCase } from '../../../harness/fuzz/case.js';
import { findDependence } from '../../../harness/fuzz/dependence.js';
import { DEFAULT_EXECUTE, executeCase } from '../../../harness/fuzz/execute.js';
import { recordFinding } from '../../../harness/fuzz/findings.js';
import { judgeCase } from '../../../harness/fuzz/judge.js';
import { LiveTarget } from '../../../harness/fuzz/live-target.js';
import { replayCase } from '../../../harness/fuzz/replay.js';
import { CaseFailure, type PropertyOutcome } from '../../../harness/fuzz/run-property.js';
import { oneRequestCase } from './one-request.js';
import { SALT } from '../../../harness/fuzz/salt.js';
import { createWireValidator } from '../../../harness/schema/index.js';
import type { TargetSpec } from '../../../harness/target.js';
import { builtFixture } from '../../helpers/fixture-process.js';
import { referenceStdio } from '../../helpers/harness.js';
import { FUZZ_SEED } from './seed.js';
import { fuzz } from './helpers.js';

const REVISION = '2026-07-28';
const execute = { ...DEFAULT_EXECUTE, timeoutMs: 5000 };
const judge = {
  revision: REVISION,
  validator: createWireValidator(REVISION),
  spec: 'https://example.test/spec',
  level: 'MUST',
} as const;

/** A call of the reference server's confirm-action tool declaring `capabilities`: without elicitation only an error is right. */
function confirmCall(live: LiveTarget, name: string, capabilities: Record<string, unknown>): FuzzCase {
  return oneRequestCase(live.dialect, {
    method: 'tools/call',
    params: { name: 'confirm-action', arguments: { action: 'deploy' } },
    id: `dep-${SALT}-${name}`,
    what: name,
    allow: [{ answer: 'error' }],
    capabilities,
  });
}

describe('what a finding depends on', () => {
  it('a case that fails only after an earlier one names that case, and replay sends it first', {
    timeout: 120_000,
  }, async () => {
    // The mutant remembers the first capabilities a connection declared and gives them to a request declaring none.
    const target = referenceStdio({ mutants: ['remembers-capabilities'] });
    const live = new LiveTarget({ target, revision: REVISION, timeoutMs: execute.timeoutMs });
    expect(await live.start()).toBeUndefined();
    try {
      await executeCase(live, confirmCall(live, 'with-elicitation', { elicitation: {} }), execute);
      const template = confirmCall(live, 'without-capabilities', {});
      const run = await executeCase(live, template, execute);
      const failures = judgeCase(run, judge).failures;
      expect(failures.map((f) => f.message)).toEqual([expect.stringMatching(/^without-capabilities: got a result/)]);
      expect(run.before).toHaveLength(1);

      const dependence = await findDependence(
        new CaseFailure(undefined, template, run, failures),
        live,
        judge,
        execute,
      );
      expect(dependence?.on).toBe('earlier');
      expect(dependence?.prefix).toEqual(run.before);
      expect(dependence?.note).toMatch(/only after a server\/discover request and the 1 case\(s\) sent before it/);

      const outcome = {
        property: {
          id: `${REVISION}/test/dependence`,
          slug: 'dependence',
          title: 't',
          requirement: 'r',
          level: 'MUST',
          specUrl: judge.spec,
          revision: REVISION,
          campaign: 'test',
        },
        seed: 1,
        failure: new CaseFailure(undefined, template, run, failures),
        dependence,
      } as unknown as PropertyOutcome;
      const finding = recordFinding(outcome, {
        targetWords: ['--stdio', 'server'],
        targetDescription: 'reference server',
        findingsDir: mkdtempSync(path.join(tmpdir(), 'mcp-conform-dependence-')),
      });
      expect(finding.dependsOn).toBe(dependence?.note);
      const file = readCaseFile(finding.file!);
      const replayed = await replayCase(file, target, execute);
      expect(replayed.failures.map((f) => f.message)).toEqual(failures.map((f) => f.message));
      // Without the case it depends on, the same bytes pass: that is what a hand check would have seen.
      const alone = await replayCase({ ...file, dependence: undefined }, target, execute);
      expect(alone.failures).toEqual([]);
    } finally {
      await live.close();
    }
  });

  it('a defect of the case alone says so, and its replay starts a bare process', { timeout: 120_000 }, async () => {
    const results = await fuzz(referenceStdio({ mutants: ['crash-on-unsafe-id'] }), {
      select: [`${REVISION}/ids/same-id`],
      revisions: [REVISION],
      seed: FUZZ_SEED,
    });
    const finding = results.fuzz?.findings[0];
    expect(finding?.dependsOn).toBe('fails alone on a fresh process, with nothing sent before it');
    expect(readCaseFile(finding!.file!).dependence?.on).toBe('nothing');
  });

  // The official TS SDK 2.x over stdio: after one request with a valid envelope, any protocol version is served.
  it('a real SDK defect that needs an earlier request is named as such', { timeout: 120_000 }, async () => {
    const sdk: TargetSpec = {
      kind: 'stdio',
      command: process.execPath,
      args: [builtFixture('fixtures/sdk-servers/v2-stdio.ts')],
    };
    const results = await fuzz(sdk, { select: [`${REVISION}/meta/judged-alone`], revisions: [REVISION], seed: 2 });
    const finding = results.fuzz?.findings.find((f) => /but the spec allows error -32022/.test(f.message));
    expect(finding?.dependsOn).toMatch(/^passes alone on a fresh process; fails on a fresh process (after|only after)/);
  });
});
