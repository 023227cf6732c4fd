// Findings seen before: read from an earlier run's results JSON or a list of signatures; under
// --new-only a finding they list is reported but does not fail the run, and `report` judges the
// saved file the same way.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { computeSignature } from '../../../harness/results/finding-signature.js';
import type { FuzzFinding, FuzzResults } from '../../../harness/results/fuzz-results.js';
import {
  loadSeenFindings,
  markSeen,
  parseSeenFindings,
  SeenFindingsFileError,
} from '../../../harness/results/seen-findings.js';
import { settledRun } from '../../helpers/settled-run.js';

function finding(message: string, slug = 'same-id'): FuzzFinding {
  const base: FuzzFinding = {
    id: `fuzz/2026-07-28/ids/${slug}`,
    campaign: '2026-07-28/ids',
    property: slug,
    revision: '2026-07-28',
    level: 'MUST',
    message,
    seed: 1,
    counterexample: null,
    replayCommand: 'mcp-conform fuzz --seed 1',
  };
  return { ...base, signature: computeSignature(base) };
}

const crash = finding('the server died during the case: server exited with code 70');
const dropped = finding('whole connection: tools/list with id "x" (string) got no answer');

function fuzzOf(findings: FuzzFinding[], extra: Partial<FuzzResults> = {}): FuzzResults {
  return {
    findings,
    warnings: [],
    campaigns: [{ campaign: '2026-07-28/ids', runs: 4, seed: 1, findings: findings.length }],
    ...extra,
  };
}

describe('reading the findings seen before', () => {
  test("an earlier run's results JSON: the signatures of its findings and warnings", () => {
    const results = { outcome: 'failed', fuzz: { findings: [crash], warnings: [dropped] } };
    expect(parseSeenFindings(JSON.stringify(results), 'main.json')).toEqual([crash.signature, dropped.signature]);
  });

  test('a results file written before signatures: the signature is computed from the finding', () => {
    const { signature: _none, ...old } = crash;
    expect(parseSeenFindings(JSON.stringify({ fuzz: { findings: [old] } }), 'old.json')).toEqual([crash.signature]);
  });

  test('a list: one per line with # comments, a JSON list, or {"signatures": [...]}', () => {
    const text = `# main, 2026-12-08\n${crash.signature}\n\n${dropped.signature}  # the dropped id\n`;
    expect(parseSeenFindings(text, 'seen.txt')).toEqual([crash.signature, dropped.signature]);
    expect(parseSeenFindings(JSON.stringify([crash.signature]), 'seen.json')).toEqual([crash.signature]);
    expect(parseSeenFindings(JSON.stringify({ signatures: [dropped.signature] }), 's.json')).toEqual([
      dropped.signature,
    ]);
  });

  test('anything else is refused, naming the file and the item (a --known file given by mistake, say)', () => {
    expect(() => parseSeenFindings('- property: "*/ids/same-id"\n  match: x\n', 'known.yaml')).toThrow(
      SeenFindingsFileError,
    );
    expect(() => parseSeenFindings('["nope"]', 'seen.json')).toThrow(/seen\.json item 1: not a finding signature/);
    expect(() => parseSeenFindings('{"outcome": "passed"}', 'r.json')).toThrow(/expected the results JSON/);
    expect(() => loadSeenFindings(['/no/such/seen.json'])).toThrow(/cannot read .*\/no\/such\/seen\.json: ENOENT/);
  });

  test('several files: each signature remembers the first file that lists it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-seen-'));
    const a = path.join(dir, 'a.txt');
    const b = path.join(dir, 'b.txt');
    writeFileSync(a, `${crash.signature}\n`);
    writeFileSync(b, `${crash.signature}\n${dropped.signature}\n`);
    const seen = loadSeenFindings([a, b]);
    expect(markSeen(crash, seen).seenIn).toBe(a);
    expect(markSeen(dropped, seen).seenIn).toBe(b);
    expect(markSeen(finding('another defect'), seen).seenIn).toBeUndefined();
  });
});

describe('PR mode: --new-only', () => {
  const seen = { ...crash, seenIn: 'main.json' };

  test('a finding seen before does not fail a --new-only run: passed, exit 0', () => {
    const run = settledRun([], { fuzz: fuzzOf([seen], { seenFindings: ['main.json'], newOnly: true }) });
    expect([run.outcome, run.exitCode]).toEqual(['passed', 0]);
  });

  test('a new finding beside it fails the run: failed, exit 1', () => {
    const run = settledRun([], { fuzz: fuzzOf([seen, dropped], { seenFindings: ['main.json'], newOnly: true }) });
    expect([run.outcome, run.exitCode]).toEqual(['failed', 1]);
  });

  test('without --new-only a finding seen before is only marked: it still fails the run', () => {
    const run = settledRun([], { fuzz: fuzzOf([seen], { seenFindings: ['main.json'] }) });
    expect([run.outcome, run.exitCode]).toEqual(['failed', 1]);
  });
});
