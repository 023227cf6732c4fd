// The GitHub Action's shell steps, run locally the way the runner would (INPUT_* env, GITHUB_OUTPUT).
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { builtFixture, PROJECT_ROOT } from './helpers/fixture-process.js';

const RUN_SH = path.join(PROJECT_ROOT, 'scripts/action/run.sh');
const REFERENCE = builtFixture('fixtures/reference-server/main.ts');

async function runAction(inputs: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-action-'));
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
  return { result, outputs, report: path.join(dir, 'report'), summary: existsSync(summary) ? readFileSync(summary, 'utf8') : '' };
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
    const { outputs } = await runAction({ command: 'node x.js', url: 'http://127.0.0.1:1/mcp' });
    expect(outputs['exit-code']).toBe('2');
  });
});
