// The GitHub Action's shell steps, run locally the way the runner would (INPUT_* env, GITHUB_OUTPUT).
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { shardOf } from '../../harness/results/shard.js';
import { PROJECT_ROOT, REFERENCE_BUNDLE } from '../helpers/fixture-process.js';

const RUN_SH = path.join(PROJECT_ROOT, 'scripts/action/run.sh');
const INSTALL_SH = path.join(PROJECT_ROOT, 'scripts/action/install.sh');
const REFERENCE = REFERENCE_BUNDLE;
// A check or two per run: these tests are about the action's steps, not the suites.
const PING = '--check 2025-11-25/ping/empty-result';

async function runAction(
  inputs: Record<string, string>,
  dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-action-')),
  runner: Record<string, string> = {},
) {
  const output = path.join(dir, 'github-output');
  const summary = path.join(dir, 'step-summary');
  const env: Record<string, string> = {
    GITHUB_OUTPUT: output,
    GITHUB_STEP_SUMMARY: summary,
    INPUT_REPORT_DIR: path.join(dir, 'report'),
    NO_COLOR: '1',
    ...runner,
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase().replace(/-/g, '_')}`] = value;
  const result = await execa('bash', [RUN_SH], { env, reject: false, cwd: dir });
  const outputs = Object.fromEntries(
    readFileSync(output, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('=') as [string, string]),
  );
  return {
    result,
    outputs,
    dir,
    report: path.join(dir, 'report'),
    summary: existsSync(summary) ? readFileSync(summary, 'utf8') : '',
  };
}

/** install.sh against a throwaway action folder, with an `npm` on PATH that logs its arguments. */
async function runInstall(options: { built: boolean; buildWorks: boolean }) {
  const actionDir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-action-'));
  const fakeBin = path.join(actionDir, 'fake-bin');
  mkdirSync(fakeBin);
  const log = path.join(actionDir, 'npm.log');
  const produce = options.buildWorks
    ? 'mkdir -p dist/harness/faces/cli && touch dist/harness/faces/cli/bin.js'
    : 'true';
  writeFileSync(
    path.join(fakeBin, 'npm'),
    `#!/usr/bin/env bash\necho "$PWD: $*" >> "${log}"\nif [ "$1 $2" = "run build" ]; then ${produce}; fi\n`,
  );
  chmodSync(path.join(fakeBin, 'npm'), 0o755);
  if (options.built) {
    mkdirSync(path.join(actionDir, 'dist/harness/faces/cli'), { recursive: true });
    writeFileSync(path.join(actionDir, 'dist/harness/faces/cli/bin.js'), '');
  }
  const result = await execa('bash', [INSTALL_SH], {
    reject: false,
    env: { GITHUB_ACTION_PATH: actionDir, PATH: `${fakeBin}:${process.env.PATH}` },
  });
  return { result, npmCalls: existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [], actionDir };
}

describe('action.yml', () => {
  const action = parse(readFileSync(path.join(PROJECT_ROOT, 'action.yml'), 'utf8'));

  test('every INPUT_ variable run.sh reads is an input the action passes', () => {
    const used = [...new Set(readFileSync(RUN_SH, 'utf8').match(/INPUT_[A-Z_]+/g) ?? [])].sort();
    const step = action.runs.steps.find((s: { id?: string }) => s.id === 'conform');
    expect(Object.keys(step.env).sort()).toEqual(used);
    for (const variable of used) {
      const input = variable.slice('INPUT_'.length).toLowerCase().replace(/_/g, '-');
      expect(action.inputs, variable).toHaveProperty(input);
    }
  });

  test('a conforming server: outcome passed, reports written, exit code 0 handed to the last step', async () => {
    // Revisions as probed: both, one check each.
    const { result, outputs, report, summary } = await runAction({
      command: `${process.execPath} ${REFERENCE} --stdio`,
      args: `--check '*/tools/list-result'`,
    });
    expect(result.exitCode).toBe(0);
    expect(outputs).toMatchObject({ outcome: 'passed', 'exit-code': '0' });
    for (const file of ['results.json', 'junit.xml', 'report.html'])
      expect(existsSync(path.join(report, file)), file).toBe(true);
    expect(summary.match(/^### .*mcp-conform: passed$/gm)).toHaveLength(1);
    expect(summary).toMatch(/^\| MUST \| \d+ \| 0 \|/m);
    expect(summary).not.toContain('#### Failures and warnings');
  });

  test('a failing server: outcome failed, exit code 1, a job summary table of failures and warnings, annotations, and SARIF for upload', async () => {
    const { outputs, summary, result, report } = await runAction(
      {
        command: `${process.execPath} ${REFERENCE} --stdio --mutant ping-missing`,
        revision: '2025-11-25',
        args: `${PING} --check 2025-11-25/ping/while-busy`,
      },
      undefined,
      { GITHUB_ACTIONS: 'true' },
    );
    expect(outputs).toMatchObject({
      outcome: 'failed',
      'exit-code': '1',
      sarif: path.join(report, 'mcp-conform.sarif'),
    });
    expect(summary).toMatch(/^### ❌ mcp-conform: failed$/m);
    expect(summary).toMatch(
      /^\| fail \| `2025-11-25\/ping\/empty-result` \| MUST \| expected a result for ping without params, got error -32601 .*\| \[.*\]\(https:\/\/modelcontextprotocol\.io\/specification\/2025-11-25\/.*\) \|$/m,
    );
    expect(summary).toMatch(/^\| warn \| `2025-11-25\/ping\/while-busy` \| SHOULD \|/m);
    expect(result.stdout).toMatch(
      /^::error title=2025-11-25\/ping\/empty-result::fail: expected a result for ping without params/m,
    );
    expect(result.stdout).toMatch(/^::warning title=2025-11-25\/ping\/while-busy::warn: /m);
    expect(JSON.parse(readFileSync(outputs.sarif, 'utf8')).runs[0].results.length).toBeGreaterThan(0);
  });

  test('the artifact name is unique per job of a matrix, and the input overrides it', async () => {
    const inputs = { command: 'node x.js', url: 'http://127.0.0.1:1/mcp' }; // a usage error: fast, and the name is still set
    const linux = (await runAction(inputs, undefined, { GITHUB_JOB: 'conformance', RUNNER_OS: 'Linux' })).outputs[
      'artifact-name'
    ];
    const again = (await runAction(inputs, undefined, { GITHUB_JOB: 'conformance', RUNNER_OS: 'Linux' })).outputs[
      'artifact-name'
    ];
    const macos = (await runAction(inputs, undefined, { GITHUB_JOB: 'conformance', RUNNER_OS: 'macOS' })).outputs[
      'artifact-name'
    ];
    const node22 = (
      await runAction({ ...inputs, 'node-version': '22' }, undefined, { GITHUB_JOB: 'conformance', RUNNER_OS: 'Linux' })
    ).outputs['artifact-name'];
    expect(linux).toMatch(/^mcp-conform-report-conformance-[0-9a-f]{10}$/);
    expect(again).toBe(linux);
    expect(new Set([linux, macos, node22]).size).toBe(3);
    expect((await runAction({ ...inputs, 'artifact-name': 'mine' })).outputs['artifact-name']).toBe('mine');
    const upload = action.runs.steps.find((s: { id?: string }) => s.id === 'upload');
    expect(upload.with.name).toContain('steps.conform.outputs.artifact-name');
  });

  test('shard: i/n runs that slice and records it in the results; the shard is part of the artifact name', async () => {
    const command = `${process.execPath} ${REFERENCE} --stdio`;
    const inputs = { command, revision: '2025-11-25', args: '--check 2025-11-25/ping --check 2025-11-25/tools' };
    const second = await runAction({ ...inputs, shard: '2/3' });
    expect(second.outputs.outcome).toBe('passed');
    const results = JSON.parse(readFileSync(path.join(second.report, 'results.json'), 'utf8'));
    expect([results.shard.index, results.shard.count]).toEqual([2, 3]);
    const main = results.checks.filter((c: { id: string }) => !results.shard.everyShard.includes(c.id));
    expect(main.length).toBeGreaterThan(0);
    for (const check of main) expect(shardOf(check.id, 3)).toBe(2);
    const third = await runAction({ command: 'node x.js', url: 'http://127.0.0.1:1/mcp', shard: '3/3' });
    const first = await runAction({ command: 'node x.js', url: 'http://127.0.0.1:1/mcp', shard: '1/3' });
    expect(third.outputs['artifact-name']).not.toBe(first.outputs['artifact-name']);
  });

  test('a shard that is not i/n is a usage error of mcp-conform, said as such', async () => {
    const { outputs, result } = await runAction({ command: `${process.execPath} ${REFERENCE} --stdio`, shard: '4/3' });
    expect(outputs).toMatchObject({ outcome: 'usage-error', 'exit-code': '2' });
    expect(result.stderr).toContain('--shard 4/3: i must be between 1 and 3');
  });

  test("the job's Node comes back for the steps after the action", async () => {
    const steps: Array<{ id?: string; uses?: string; run?: string; if?: string }> = action.runs.steps;
    const remember = steps.findIndex((s) => s.id === 'node-before');
    const setup = steps.findIndex((s) => s.uses?.startsWith('actions/setup-node@'));
    const restore = steps.findIndex((s) => s.run?.includes('node-path.sh') && s.run.includes('restore'));
    expect(remember).toBeGreaterThanOrEqual(0);
    expect(remember).toBeLessThan(setup);
    expect(restore).toBeGreaterThan(setup);
    expect(steps[restore].if).toBe('always()');
    // The scripts as the runner calls them: the folder of the job's node, then that folder prepended again.
    const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-action-'));
    const [output, githubPath] = [path.join(dir, 'out'), path.join(dir, 'path')];
    await execa('bash', [path.join(PROJECT_ROOT, 'scripts/action/node-path.sh'), 'remember'], {
      env: { GITHUB_OUTPUT: output },
    });
    const before = readFileSync(output, 'utf8').trim().replace(/^dir=/, '');
    expect(before).toBe(path.dirname((await execa('bash', ['-c', 'command -v node'])).stdout.trim()));
    await execa('bash', [path.join(PROJECT_ROOT, 'scripts/action/node-path.sh'), 'restore'], {
      env: { GITHUB_PATH: githubPath, NODE_DIR_BEFORE: before },
    });
    expect(readFileSync(githubPath, 'utf8')).toBe(`${before}\n`);
  });

  test('the job summary links the uploaded artifact', async () => {
    const summary = path.join(mkdtempSync(path.join(tmpdir(), 'mcp-conform-action-')), 'summary');
    const env = {
      GITHUB_STEP_SUMMARY: summary,
      ARTIFACT_NAME: 'mcp-conform-report-x',
      ARTIFACT_URL: 'https://example.invalid/artifacts/1',
    };
    await execa('bash', [path.join(PROJECT_ROOT, 'scripts/action/artifact-link.sh')], { env });
    expect(readFileSync(summary, 'utf8')).toContain(
      'Reports: [mcp-conform-report-x](https://example.invalid/artifacts/1)',
    );
  });

  test('a regression against earlier results fails the job even when the baseline absorbs the failure', async () => {
    const good = await runAction({
      command: `${process.execPath} ${REFERENCE} --stdio`,
      revision: '2025-11-25',
      args: PING,
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-action-'));
    writeFileSync(path.join(dir, 'known.yml'), '- 2025-11-25/ping/empty-result\n');
    const { outputs, summary } = await runAction(
      {
        command: `${process.execPath} ${REFERENCE} --stdio --mutant ping-missing`,
        revision: '2025-11-25',
        args: PING,
        'expected-failures': 'known.yml',
        'baseline-results': path.join(good.report, 'results.json'),
      },
      dir,
    );
    // The run passes with its baseline; the diff against the earlier results fails the job.
    expect(outputs).toMatchObject({ outcome: 'passed', 'exit-code': '1' });
    expect(summary).toMatch(/^#### Against earlier results/m);
    expect(summary).toMatch(/^- new: `2025-11-25\/ping\/empty-result` \(pass → fail\)/m);
  });

  test('an inconclusive run exits 4 in the job summary and outputs; a regression against earlier results makes it 1', async () => {
    const checks = `--check 2026-07-28/resources/uri-validation --timeout 1000`;
    const good = await runAction({
      command: `${process.execPath} ${REFERENCE} --stdio`,
      revision: '2026-07-28',
      args: checks,
    });
    expect(good.outputs).toMatchObject({ outcome: 'passed', 'exit-code': '0' });
    const silent = `${process.execPath} ${REFERENCE} --stdio --mutant empty-uri-silent`;
    const alone = await runAction({ command: silent, revision: '2026-07-28', args: checks });
    expect(alone.outputs).toMatchObject({ outcome: 'inconclusive', 'exit-code': '4' });
    expect(alone.summary).toMatch(/^### ❔ mcp-conform: inconclusive$/m);
    expect(alone.summary).toMatch(/^#### Inconclusive: no verdict \(could not run\)$/m);
    const against = await runAction({
      command: silent,
      revision: '2026-07-28',
      args: checks,
      'baseline-results': path.join(good.report, 'results.json'),
    });
    expect(against.outputs).toMatchObject({ outcome: 'inconclusive', 'exit-code': '1' });
  });

  test('both command and url is a usage error', async () => {
    const { outputs, result } = await runAction({ command: 'node x.js', url: 'http://127.0.0.1:1/mcp' });
    expect(outputs).toMatchObject({ outcome: 'usage-error', 'exit-code': '2' });
    expect(result.stdout).toContain('::error title=mcp-conform::give the command input or the url input, not both');
  });

  test('neither command nor url is a usage error, not a run against the bundled reference server', async () => {
    const { outputs, result, report, summary } = await runAction({});
    expect(outputs).toMatchObject({ outcome: 'usage-error', 'exit-code': '2', results: '' });
    expect(result.stdout).toMatch(/::error title=mcp-conform::give the command input .* or the url input/);
    expect(existsSync(path.join(report, 'results.json'))).toBe(false);
    expect(summary).toContain('mcp-conform: usage-error (exit 2)');
  });

  test('args keeps quoted arguments whole and runs nothing through a shell', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-action-'));
    writeFileSync(path.join(dir, 'known failures.yml'), '- id: 2025-11-25/ping/*\n  reason: "fixed in 2.0"\n');
    const { outputs } = await runAction(
      {
        command: `${process.execPath} ${REFERENCE} --stdio --mutant ping-missing`,
        revision: '2025-11-25',
        args: `${PING} --expected-failures "known failures.yml" --junit '$(touch owned).xml' --html "\`touch owned\`.html"`,
      },
      dir,
    );
    // The failure is absorbed by the baseline whose name has a space: the quoted argument arrived whole.
    expect(outputs).toMatchObject({ outcome: 'passed', 'exit-code': '0' });
    expect(existsSync(path.join(dir, 'owned'))).toBe(false);
    expect(existsSync(path.join(dir, '$(touch owned).xml')) && existsSync(path.join(dir, '`touch owned`.html'))).toBe(
      true,
    );
  });

  test('args that cannot be split is a usage error', async () => {
    const { outputs, result } = await runAction({ command: 'node x.js', args: '--check "2026-07-28/meta' });
    expect(outputs).toMatchObject({ outcome: 'usage-error', 'exit-code': '2' });
    expect(result.stdout).toContain('the args input cannot be split into arguments');
  });

  test('a usage error of mcp-conform itself is outcome usage-error, even over an earlier results file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-action-'));
    mkdirSync(path.join(dir, 'report'));
    writeFileSync(path.join(dir, 'report/results.json'), JSON.stringify({ outcome: 'passed' }));
    const { outputs, result } = await runAction({ command: 'node x.js', args: '--no-such-option' }, dir);
    expect(outputs).toMatchObject({ outcome: 'usage-error', 'exit-code': '2', results: '' });
    expect(result.stderr).toContain("mcp-conform: Unknown option '--no-such-option'");
  });

  test('a server that cannot be started is outcome unreachable, with its results file', async () => {
    const { outputs, report } = await runAction({
      command: 'definitely-not-a-real-mcp-server-binary',
      args: '--timeout 1000',
    });
    expect(outputs).toMatchObject({
      outcome: 'unreachable',
      'exit-code': '2',
      results: path.join(report, 'results.json'),
    });
  });

  test('a baseline-results file that does not exist is a usage error', async () => {
    const { outputs } = await runAction({ command: 'node x.js', 'baseline-results': 'nowhere/results.json' });
    expect(outputs).toMatchObject({ outcome: 'usage-error', 'exit-code': '2' });
  });

  test('fuzz: true fuzzes instead; with seen-findings (PR mode) a finding the earlier run had passes the job, SARIF says unchanged', {
    timeout: 120_000,
  }, async () => {
    const fuzz = {
      fuzz: 'true',
      command: `${process.execPath} ${REFERENCE} --stdio --mutant crash-on-unsafe-id`,
      revision: '2026-07-28',
      args: '--campaign 2026-07-28/ids/same-id --seed 1',
    };
    const main = await runAction(fuzz);
    expect(main.outputs, main.result.stdout + main.result.stderr).toMatchObject({
      outcome: 'failed',
      'exit-code': '1',
    });
    expect(main.summary).toContain('### mcp-conform fuzz: failed (exit 1)\n1 new finding(s)');
    const pr = await runAction({
      ...fuzz,
      args: '--campaign 2026-07-28/ids/same-id --seed 2',
      'seen-findings': main.outputs.results,
    });
    expect(pr.outputs, pr.result.stdout + pr.result.stderr).toMatchObject({ outcome: 'passed', 'exit-code': '0' });
    expect(pr.summary).toContain(`0 new finding(s), 1 seen before (${main.outputs.results})`);
    const sarif = JSON.parse(readFileSync(pr.outputs.sarif, 'utf8'));
    expect(sarif.runs[0].results.map((r: { baselineState: string }) => r.baselineState)).toEqual(['unchanged']);
  });

  test.concurrent.each([
    [{ 'seen-findings': 'main.json' }, 'seen-findings compares fuzz findings: set fuzz: true too'],
    [{ fuzz: 'true', 'seen-findings': 'nowhere/results.json' }, 'seen-findings file not found'],
    [{ fuzz: 'true', 'expected-failures': 'baseline.yml' }, 'expected-failures lists checks'],
  ])('fuzz inputs that do not go together are a usage error: %j', async (inputs, message) => {
    const { outputs, result } = await runAction({ command: 'node x.js', ...inputs });
    expect(outputs).toMatchObject({ outcome: 'usage-error', 'exit-code': '2' });
    expect(result.stdout).toContain(message);
  });
});

describe('install.sh', () => {
  test('an action checkout that is already built installs nothing', async () => {
    const { result, npmCalls } = await runInstall({ built: true, buildWorks: true });
    expect(result.exitCode).toBe(0);
    expect(npmCalls).toEqual([]);
  });

  test('a fresh checkout is installed from the lockfile and built, in the action folder', async () => {
    const { result, npmCalls, actionDir } = await runInstall({ built: false, buildWorks: true });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(npmCalls).toEqual([`${actionDir}: ci --no-audit --no-fund`, `${actionDir}: run build`]);
  });

  test('a build that leaves no binary fails the step with the reason', async () => {
    const { result } = await runInstall({ built: false, buildWorks: false });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(
      '::error title=mcp-conform::the build finished but dist/harness/faces/cli/bin.js is missing',
    );
  });
});
