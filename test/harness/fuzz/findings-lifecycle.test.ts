// A finding's life as a user meets it on the command line: found once (main's run), met again on
// another seed with the same signature and SARIF fingerprint, passed over by a PR run that knows it
// (--new-only --seen-findings), while a new defect still fails that run; and replayed against the
// fixed server, FIXED with exit 0.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { FuzzFinding } from '../../../harness/results/fuzz-results.js';
import type { RunResults } from '../../../harness/results/results.js';
import { FINDING_FINGERPRINT } from '../../../reports/sarif-fuzz.js';
import { cli, referenceArgv } from '../faces/cli/cli-process.js';

const PROPERTY = '2026-07-28/ids/same-id';
// Both mutants break one property: a crash on an id past 2^53, and ids of 256 characters or more
// dropped unanswered (a whole-connection finding whose message quotes a different random id each seed).
const CRASH = 'crash-on-unsafe-id';
const DROPPED = 'long-id-dropped';

const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-lifecycle-'));
const fuzzArgs = (seed: number, name: string, more: string[], mutant?: string) => [
  'fuzz',
  '--quiet',
  '--campaign',
  PROPERTY,
  '--revision',
  '2026-07-28',
  '--seed',
  String(seed),
  '--json',
  `${name}.json`,
  '--sarif',
  `${name}.sarif`,
  ...more,
  '--',
  ...referenceArgv(mutant),
];
const read = <T>(file: string): T => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as T;
const onlyFinding = (file: string): FuzzFinding => {
  const findings = read<RunResults>(file).fuzz!.findings;
  expect(findings, file).toHaveLength(1);
  return findings[0];
};
const fingerprint = (file: string) =>
  read<{ runs: Array<{ results: Array<{ partialFingerprints: Record<string, string>; baselineState?: string }> }> }>(
    file,
  ).runs[0].results.map((r) => [r.partialFingerprints[FINDING_FINGERPRINT], r.baselineState]);

let main: Awaited<ReturnType<typeof cli>>;

beforeAll(async () => {
  main = await cli(fuzzArgs(1, 'main', [], DROPPED), { cwd: dir });
}, 120_000);

describe('findings lifecycle on the command line', () => {
  test("main's run: the finding fails it and prints its signature", () => {
    expect(main.exitCode, main.stdout + main.stderr).toBe(1);
    expect(main.stdout).toContain(`signature: ${onlyFinding('main.json').signature}`);
  });

  test('a PR run on another seed meets the same defect: same signature, same fingerprint, exit 0 under --new-only', {
    timeout: 120_000,
  }, async () => {
    const pr = await cli(
      fuzzArgs(2, 'pr', ['--new-only', '--seen-findings', 'main.json', '--junit', 'pr.xml'], DROPPED),
      {
        cwd: dir,
      },
    );
    expect(pr.exitCode, pr.stdout + pr.stderr).toBe(0);
    const before = onlyFinding('main.json');
    const now = onlyFinding('pr.json');
    expect(now.seed).toBe(2);
    expect(now.message, 'the ids quoted differ from seed to seed').not.toBe(before.message);
    expect(now.signature).toBe(before.signature);
    expect(now.seenIn).toBe('main.json');
    expect(pr.stdout).toContain('compared with main.json: 0 new, 1 seen before; only the new fail the run');
    expect(pr.stdout).toMatch(/^outcome: passed \(exit 0\)$/m);
    expect(fingerprint('pr.sarif')).toEqual([[before.signature, 'unchanged']]);
    expect(fingerprint('main.sarif')).toEqual([[before.signature, undefined]]);
    expect(readFileSync(path.join(dir, 'pr.xml'), 'utf8')).toMatch(/<skipped>seen before \(main\.json; --new-only\)/);
    // `report` judges the saved file as the run did.
    expect((await cli(['report', 'pr.json', '--quiet'], { cwd: dir })).exitCode).toBe(0);
  });

  test('a new defect fails the PR run; its saved case replays FIXED against the fixed server, still failing against the broken one', {
    timeout: 120_000,
  }, async () => {
    const pr = await cli(fuzzArgs(1, 'new', ['--new-only', '--seen-findings', 'main.json'], CRASH), { cwd: dir });
    expect(pr.exitCode, pr.stdout + pr.stderr).toBe(1);
    expect(pr.stdout).toContain('compared with main.json: 1 new, 0 seen before');
    const finding = onlyFinding('new.json');
    expect(finding.seenIn).toBeUndefined();
    expect(fingerprint('new.sarif')).toEqual([[finding.signature, 'new']]);

    const [fixed, broken] = await Promise.all([
      cli(['replay', finding.file!, '--', ...referenceArgv()], { cwd: dir }),
      cli(['replay', finding.file!, '--', ...referenceArgv(CRASH)], { cwd: dir }),
    ]);
    expect(fixed.exitCode, fixed.stdout + fixed.stderr).toBe(0);
    expect(fixed.stdout).toMatch(new RegExp(`^FIXED ${PROPERTY}: the property holds now`, 'm'));
    expect(broken.exitCode, broken.stdout + broken.stderr).toBe(1);
    expect(broken.stdout).not.toContain('FIXED');
    expect(broken.stdout).toContain(`still failing (${PROPERTY})`);
  });

  test('a list of signatures serves as well as a results file; a known file, or --new-only alone, is a usage error', {
    timeout: 120_000,
  }, async () => {
    const { signature } = onlyFinding('main.json');
    writeFileSync(path.join(dir, 'seen.txt'), `# main's findings\n${signature}\n`);
    writeFileSync(path.join(dir, 'known.yaml'), '- property: "*/ids/same-id"\n  match: x\n  why: y\n');
    const [listed, alone, wrongFile] = await Promise.all([
      cli(fuzzArgs(3, 'listed', ['--new-only', '--seen-findings', 'seen.txt'], DROPPED), { cwd: dir }),
      cli(['fuzz', '--new-only', '--demo'], { cwd: dir }),
      cli(['fuzz', '--new-only', '--seen-findings', 'known.yaml', '--demo'], { cwd: dir }),
    ]);
    expect(listed.exitCode, listed.stdout + listed.stderr).toBe(0);
    expect(onlyFinding('listed.json').seenIn).toBe('seen.txt');
    expect(alone.exitCode).toBe(2);
    expect(alone.stderr).toContain('--new-only needs --seen-findings FILE');
    expect(wrongFile.exitCode).toBe(2);
    expect(wrongFile.stderr).toContain('known.yaml item 1: not a finding signature');
  });
});
