// The GitHub Action's shell steps, run locally the way the runner would (INPUT_* env, GITHUB_OUTPUT).
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { builtFixture, PROJECT_ROOT } from './helpers/fixture-process.js';

const RUN_SH = path.join(PROJECT_ROOT, 'scripts/action/run.sh');
const INSTALL_SH = path.join(PROJECT_ROOT, 'scripts/action/install.sh');
const REFERENCE = builtFixture('fixtures/reference-server/main.ts');

async function runAction(inputs: Record<string, string>, dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-action-'))) {
  const output = path.join(dir, 'github-output');
  const summary = path.join(dir, 'step-summary');
  const env: Record<string, string> = { GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary, INPUT_REPORT_DIR: path.join(dir, 'report'), NO_COLOR: '1' };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase().replace(/-/g, '_')}`] = value;
  const result = await execa('bash', [RUN_SH], { env, reject: false, cwd: dir });
  const outputs = Object.fromEntries(
    readFileSync(output, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('=') as [string, string]),
  );
  return { result, outputs, dir, report: path.join(dir, 'report'), summary: existsSync(summary) ? readFileSync(summary, 'utf8') : '' };
}

/** install.sh against a throwaway action folder, with an `npm` on PATH that logs its arguments. */
async function runInstall(options: { built: boolean; buildWorks: boolean }) {
  const actionDir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-action-'));
  const fakeBin = path.join(actionDir, 'fake-bin');
  mkdirSync(fakeBin);
  const log = path.join(actionDir, 'npm.log');
  const produce = options.buildWorks ? 'mkdir -p dist/harness/cli && touch dist/harness/cli/bin.js' : 'true';
  writeFileSync(path.join(fakeBin, 'npm'), `#!/usr/bin/env bash\necho "$PWD: $*" >> "${log}"\nif [ "$1 $2" = "run build" ]; then ${produce}; fi\n`);
  chmodSync(path.join(fakeBin, 'npm'), 0o755);
  if (options.built) {
    mkdirSync(path.join(actionDir, 'dist/harness/cli'), { recursive: true });
    writeFileSync(path.join(actionDir, 'dist/harness/cli/bin.js'), '');
  }
  const result = await execa('bash', [INSTALL_SH], { reject: false, env: { GITHUB_ACTION_PATH: actionDir, PATH: `${fakeBin}:${process.env.PATH}` } });
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
    const { result, outputs, report, summary } = await runAction({ command: `${process.execPath} ${REFERENCE} --stdio` });
    expect(result.exitCode).toBe(0);
    expect(outputs).toMatchObject({ outcome: 'passed', 'exit-code': '0' });
    for (const file of ['results.json', 'junit.xml', 'report.html']) expect(existsSync(path.join(report, file)), file).toBe(true);
    expect(summary).toContain('mcp-conform: passed');
  });

  test('a failing server: outcome failed and exit code 1', async () => {
    const { outputs } = await runAction({ command: `${process.execPath} ${REFERENCE} --stdio --mutant ping-missing`, revision: '2025-11-25' });
    expect(outputs).toMatchObject({ outcome: 'failed', 'exit-code': '1' });
  });

  test('a regression against earlier results fails the job even when the baseline absorbs the failure', async () => {
    const good = await runAction({ command: `${process.execPath} ${REFERENCE} --stdio`, revision: '2025-11-25' });
    const { outputs } = await runAction({
      command: `${process.execPath} ${REFERENCE} --stdio --mutant ping-missing`,
      revision: '2025-11-25',
      'baseline-results': path.join(good.report, 'results.json'),
    });
    expect(outputs['exit-code']).toBe('1');
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
        args: `--check 2025-11-25/ping --expected-failures "known failures.yml" --skip '$(touch owned)' --skip "\`touch owned\`"`,
      },
      dir,
    );
    // The failure is absorbed by the baseline whose name has a space: the quoted argument arrived whole.
    expect(outputs).toMatchObject({ outcome: 'passed', 'exit-code': '0' });
    expect(existsSync(path.join(dir, 'owned'))).toBe(false);
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
    const { outputs, report } = await runAction({ command: 'definitely-not-a-real-mcp-server-binary', args: '--timeout 1000' });
    expect(outputs).toMatchObject({ outcome: 'unreachable', 'exit-code': '2', results: path.join(report, 'results.json') });
  });

  test('a baseline-results file that does not exist is a usage error', async () => {
    const { outputs } = await runAction({ command: 'node x.js', 'baseline-results': 'nowhere/results.json' });
    expect(outputs).toMatchObject({ outcome: 'usage-error', 'exit-code': '2' });
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
    expect(result.stdout).toContain('::error title=mcp-conform::the build finished but dist/harness/cli/bin.js is missing');
  });
});
