// examples/kubernetes/indexed-job.yaml, its containers' scripts run here as the pods would run
// them: each index of the Indexed Job with its JOB_COMPLETION_INDEX, the merge Job's init container
// and then its merge, over one shared folder standing in for the volume, with `mcp-conform` on PATH.
// kubeconform checks the manifest against the Kubernetes schemas in CI (scripts/ci/validate-examples.sh);
// this proves what it does.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, expect, test } from 'vitest';
import { parseAllDocuments } from 'yaml';
import type { RunResults } from '../../../harness/results/results.js';
import { CLI_BUNDLE, PROJECT_ROOT, REFERENCE_BUNDLE } from '../../helpers/fixture-process.js';

interface Container {
  name: string;
  env: Array<{ name: string; value: string }>;
  args: string[];
  volumeMounts: Array<{ name: string; mountPath: string }>;
}

const docs = parseAllDocuments(readFileSync(path.join(PROJECT_ROOT, 'examples/kubernetes/indexed-job.yaml'), 'utf8'))
  // biome-ignore lint/suspicious/noExplicitAny: a manifest's shape is checked by kubeconform in CI
  .map((doc) => doc.toJS() as any);
const claim = docs.find((d) => d.kind === 'PersistentVolumeClaim');
const shards = docs.find((d) => d.kind === 'Job' && d.spec.completionMode === 'Indexed');
const merge = docs.find((d) => d.kind === 'Job' && d !== shards);
const shardContainer: Container = shards.spec.template.spec.containers[0];
const waitContainer: Container = merge.spec.template.spec.initContainers[0];
const mergeContainer: Container = merge.spec.template.spec.containers[0];
const envOf = (c: Container) => Object.fromEntries(c.env.map((e) => [e.name, e.value]));
const count: number = shards.spec.completions;

const SERVER = `${process.execPath} ${REFERENCE_BUNDLE} --stdio`;
// A few checks per pod: this is about the manifest, not the suites (the exact merge: test/system/shard-merge).
const NARROW =
  '--revision 2025-11-25 --check 2025-11-25/ping --check 2025-11-25/tools --skip 2025-11-25/ping/while-busy';

const volume = mkdtempSync(path.join(tmpdir(), 'mcp-conform-k8s-'));
const bin = mkdtempSync(path.join(tmpdir(), 'mcp-conform-k8s-bin-'));

/** One container's script, as `/bin/sh -c` runs it in the pod, with the volume at RESULTS_DIR. */
function runContainer(container: Container, env: Record<string, string> = {}) {
  return execa('/bin/sh', ['-c', container.args[0]], {
    reject: false,
    env: {
      ...envOf(container),
      RESULTS_DIR: volume,
      PATH: `${bin}:${process.env.PATH}`,
      NO_COLOR: '1',
      ...env,
    },
  });
}

const pods: Array<Awaited<ReturnType<typeof runContainer>>> = [];

beforeAll(async () => {
  writeFileSync(path.join(bin, 'mcp-conform'), `#!/bin/sh\nexec "${process.execPath}" "${CLI_BUNDLE}" "$@"\n`);
  chmodSync(path.join(bin, 'mcp-conform'), 0o755);
  const indexes = Array.from({ length: count }, (_, i) => i);
  const env = { SERVER_COMMAND: SERVER, MCP_CONFORM_ARGS: NARROW };
  pods.push(
    ...(await Promise.all(indexes.map((i) => runContainer(shardContainer, { ...env, JOB_COMPLETION_INDEX: `${i}` })))),
  );
}, 180_000);

describe('the example Indexed Job', () => {
  test('is Indexed, one completion per shard, every pod mounting the one claim at RESULTS_DIR', () => {
    expect(shards.spec.completionMode).toBe('Indexed');
    expect(envOf(shardContainer).SHARDS).toBe(String(count));
    expect(envOf(waitContainer).SHARDS).toBe(String(count));
    const runs = [shardContainer, waitContainer, mergeContainer].map((c) => envOf(c).RUN);
    expect(new Set(runs).size).toBe(1);
    for (const job of [shards, merge]) {
      expect(job.spec.template.spec.volumes[0].persistentVolumeClaim.claimName).toBe(claim.metadata.name);
      for (const c of [...(job.spec.template.spec.initContainers ?? []), ...job.spec.template.spec.containers])
        expect(c.volumeMounts[0].mountPath).toBe(envOf(c).RESULTS_DIR);
    }
  });

  test('maps JOB_COMPLETION_INDEX i to --shard i+1/n, each pod writing its shard whole', () => {
    expect(pods.map((p) => p.exitCode)).toEqual(pods.map(() => 0));
    const run = envOf(shardContainer).RUN;
    const written = Array.from(
      { length: count },
      (_, i): RunResults => JSON.parse(readFileSync(path.join(volume, run, `shard-${i + 1}.json`), 'utf8')),
    );
    expect(written.map((r) => r.shard && `${r.shard.index}/${r.shard.count}`)).toEqual(
      written.map((_, i) => `${i + 1}/${count}`),
    );
  });

  test('the merge waits for every shard, then merges them into one results file and reports', async () => {
    const waited = await runContainer(waitContainer, { WAIT_SECONDS: '30' });
    expect(waited.stdout).toContain(`all ${count} shards are in`);
    const merged = await runContainer(mergeContainer);
    expect(merged.exitCode, merged.stdout + merged.stderr).toBe(0);
    const dir = path.join(volume, envOf(mergeContainer).RUN);
    const results: RunResults = JSON.parse(readFileSync(path.join(dir, 'merged.json'), 'utf8'));
    expect(results.mergedShards).toEqual(Array.from({ length: count }, (_, i) => `${i + 1}/${count}`));
    for (const file of ['report.html', 'junit.xml', 'mcp-conform.sarif'])
      expect(existsSync(path.join(dir, file))).toBe(true);
  });

  test('a failing check does not fail its pod (the merge judges it); a lost shard fails the merge, named', async () => {
    const failing = await runContainer(shardContainer, {
      RUN: 'failing',
      SERVER_COMMAND: `${SERVER} --mutant ping-missing`,
      MCP_CONFORM_ARGS: '--revision 2025-11-25 --check 2025-11-25/ping/empty-result',
      JOB_COMPLETION_INDEX: '0',
      SHARDS: '1',
    });
    expect(failing.stdout).toContain('shard 1/1: exit 1');
    expect(failing.exitCode).toBe(0);
    // Shard 2 of the first run lost: the wait gives up, and the merge names what is missing.
    const run = envOf(shardContainer).RUN;
    rmSync(path.join(volume, run, 'shard-2.json'));
    const waited = await runContainer(waitContainer, { WAIT_SECONDS: '0' });
    expect(waited.stdout).toContain('gave up waiting');
    const merged = await runContainer(mergeContainer);
    expect(merged.exitCode).toBe(2);
    expect(merged.stderr).toContain(`shard 2/${count} missing`);
  });
});
