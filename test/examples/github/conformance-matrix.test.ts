// examples/github/conformance-matrix.yml, run here as GitHub would run it: each (server, shard) job
// of its matrix is the action's run step with the inputs the workflow gives it, and the merge job's
// own `run:` scripts then run unchanged over those jobs' artifacts, with GitHub's files
// (GITHUB_STEP_SUMMARY, GITHUB_OUTPUT) pointed at temporary files. actionlint checks the file's
// syntax in CI (scripts/ci/validate-examples.sh); this proves what it does.
import { existsSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import type { RunResults } from '../../../harness/results/results.js';
import { eachBounded } from '../../../harness/faces/cli/target-pool.js';
import { PROJECT_ROOT, REFERENCE_BUNDLE } from '../../helpers/fixture-process.js';

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  shell?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}

const workflow = parse(readFileSync(path.join(PROJECT_ROOT, 'examples/github/conformance-matrix.yml'), 'utf8'));
const action = parse(readFileSync(path.join(PROJECT_ROOT, 'action.yml'), 'utf8'));
const conformance = workflow.jobs.conformance;
const merge = workflow.jobs.merge;
const actionStep: Step = conformance.steps.find((s: Step) => s.uses?.includes('/mcp-conform@'));

/** The example's servers, played here by the reference server: the second one fails ping. */
const SERVERS: Record<string, string> = {
  python: `${process.execPath} ${REFERENCE_BUNDLE} --stdio`,
  typescript: `${process.execPath} ${REFERENCE_BUNDLE} --stdio --mutant ping-missing`,
};
// A few checks per job: this is about the workflow, not the suites (the exact merge: test/system/shard-merge).
const NARROW = '--check 2025-11-25/ping --check 2025-11-25/tools --skip 2025-11-25/ping/while-busy';

/** `${{ a.b }}` from the context, as Actions evaluates a plain property path; anything else is an error here. */
function evaluate(text: string, context: Record<string, unknown>): string {
  return text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, expression: string) => {
    const value = expression.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], context);
    if (value === undefined) throw new Error(`no value for ${expression}`);
    return String(value);
  });
}

/** The matrix's jobs in order, as Actions expands it (first variable outermost). */
function matrixJobs(): Array<{ server: { name: string; command: string }; shard: string; index: number }> {
  const { server, shard } = conformance.strategy.matrix;
  return server.flatMap((s: { name: string; command: string }, i: number) =>
    shard.map((sh: string, j: number) => ({ server: s, shard: sh, index: i * shard.length + j })),
  );
}

const work = mkdtempSync(path.join(tmpdir(), 'mcp-conform-gh-matrix-'));
const summary = path.join(work, 'step-summary');
const outputs: Record<string, { outputs: Record<string, string> }> = {};
const exits: Record<string, number> = {};

/** One job of the matrix: the action's run step, its report folder laid out as download-artifact lays artifacts. */
async function runShardJob(job: ReturnType<typeof matrixJobs>[number]): Promise<void> {
  const context = { matrix: { server: job.server, shard: job.shard }, strategy: { 'job-index': job.index } };
  const inputs = Object.fromEntries(Object.entries(actionStep.with!).map(([k, v]) => [k, evaluate(v, context)]));
  const artifact = inputs['artifact-name'];
  const env: Record<string, string> = {
    NO_COLOR: '1',
    GITHUB_OUTPUT: path.join(work, `output-${artifact}`),
    GITHUB_STEP_SUMMARY: path.join(work, `summary-${artifact}`),
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase().replace(/-/g, '_')}`] = value;
  env.INPUT_COMMAND = SERVERS[job.server.name];
  env.INPUT_REVISION = '2025-11-25';
  env.INPUT_ARGS = NARROW;
  env.INPUT_REPORT_DIR = path.join(work, 'shards', artifact);
  await execa('bash', [path.join(PROJECT_ROOT, 'scripts/action/run.sh')], { env, cwd: work, reject: false });
}

/** The merge job's steps: `run:` scripts as GitHub runs them (bash -eo pipefail), `uses:` steps played by the test. */
async function runMergeJob(): Promise<void> {
  symlinkSync(PROJECT_ROOT, path.join(work, '.mcp-conform'));
  for (const step of merge.steps as Step[]) {
    if (!step.run) continue;
    const output = path.join(work, `output-${step.id ?? step.name}`);
    writeFileSync(output, '');
    const env = Object.fromEntries(
      Object.entries({ ...merge.env, ...step.env }).map(([k, v]) => [k, evaluate(String(v), { steps: outputs })]),
    );
    const script = path.join(work, `step-${Object.keys(exits).length}.sh`);
    writeFileSync(script, step.run);
    const shell = step.shell === 'bash' || step.shell === undefined ? ['--noprofile', '--norc', '-eo', 'pipefail'] : [];
    const result = await execa('bash', [...shell, script], {
      cwd: work,
      reject: false,
      env: { ...env, NO_COLOR: '1', GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary },
    });
    exits[step.id ?? step.name ?? step.run] = result.exitCode ?? -1;
    if (step.id)
      outputs[step.id] = {
        outputs: Object.fromEntries(
          readFileSync(output, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => line.split('=') as [string, string]),
        ),
      };
  }
}

const readJson = (file: string) => JSON.parse(readFileSync(path.join(work, file), 'utf8'));

beforeAll(async () => {
  // Side by side, as a CI matrix runs; three at a time on two cores.
  await eachBounded(matrixJobs(), 3, runShardJob);
  await runMergeJob();
}, 240_000);

describe('the example workflow', () => {
  test('fans each server out over shards i/n, 1 to n, through the action shard input', () => {
    const shards: string[] = conformance.strategy.matrix.shard;
    expect(shards).toEqual(shards.map((_, i) => `${i + 1}/${shards.length}`));
    // biome-ignore lint/suspicious/noTemplateCurlyInString: an Actions expression, as the workflow spells it
    expect(actionStep.with!.shard).toBe('${{ matrix.shard }}');
    for (const input of Object.keys(actionStep.with!)) expect(action.inputs).toHaveProperty(input);
    expect(conformance.strategy['fail-fast']).toBe(false);
    expect(merge.needs).toBe('conformance');
    expect(merge.if).toContain('!cancelled()');
  });

  test('keeps expressions out of its scripts: values reach them through env', () => {
    for (const step of merge.steps as Step[]) expect(step.run ?? '').not.toContain('${{');
  });

  test("merges every server's shards into one results file and HTML report", () => {
    expect(exits.merge).toBe(0);
    const python: RunResults = readJson('out/merged/python.json');
    const typescript: RunResults = readJson('out/merged/typescript.json');
    expect(python.mergedShards).toEqual(['1/3', '2/3', '3/3']);
    expect([python.outcome, typescript.outcome]).toEqual(['passed', 'failed']);
    const shardChecks = readdirSync(path.join(work, 'shards'))
      .filter((dir) => dir.startsWith('shard_python_'))
      .flatMap((dir) => (readJson(`shards/${dir}/results.json`) as RunResults).checks.map((c) => c.id));
    expect(python.checks.map((c) => c.id).sort()).toEqual(shardChecks.sort());
    expect(existsSync(path.join(work, 'out/merged/python.html'))).toBe(true);
  });

  test('writes one SARIF file per server, each its own code scanning category, uploaded as one folder', () => {
    const categories = ['python', 'typescript'].map(
      (server) => readJson(`out/sarif/${server}.sarif`).runs[0].automationDetails.id,
    );
    expect(categories).toEqual(['mcp-conform/python/', 'mcp-conform/typescript/']);
    const upload = (merge.steps as Step[]).find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif'));
    expect(upload?.with?.sarif_file).toBe('out/sarif');
  });

  test('builds the implementation matrix and a badge per server', () => {
    const matrix = readJson('out/matrix.json');
    expect(matrix.columns.map((c: { label: string }) => c.label)).toEqual(['python', 'typescript']);
    expect(readdirSync(path.join(work, 'out/badges')).filter((f) => f.endsWith('.svg'))).toHaveLength(2);
    expect(existsSync(path.join(work, 'out/matrix.html'))).toBe(true);
  });

  test('writes one job summary: each merged run, then the matrix', () => {
    const text = readFileSync(summary, 'utf8');
    expect(text.match(/^### .* mcp-conform: (passed|failed)$/gm)).toEqual([
      '### ✅ mcp-conform: passed',
      '### ❌ mcp-conform: failed',
    ]);
    expect(text).toMatch(/^\| python \| 100% \| 2025-11-25: Core conformant/m);
    expect(text).toMatch(/^\| typescript \| [\d.]+% \| 2025-11-25: Core \d+ failures?/m);
    expect(text.indexOf('### Implementation matrix')).toBeGreaterThan(text.lastIndexOf('mcp-conform: failed'));
  });

  test("fails the merge job with the worst server's exit status, after its reports are written", () => {
    expect(outputs.merge).toEqual({ outputs: { 'exit-code': '1' } });
    expect(exits['Fail on failures']).toBe(1);
  });
});
