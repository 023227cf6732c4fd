// `mcp-conform report matrix` as a CI job runs it: results files of real servers in, the page,
// the JSON and the badges out, exit 0; an unreadable or foreign file, or a bad --label, is a
// usage error (exit 2) with one line naming it. The config file's `matrix` key writes the same
// matrix from one `run` over several targets.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ImplementationMatrix } from '../../harness/results/implementation-matrix.js';
import type { RunResults } from '../../harness/results/results.js';
import { RUN_TIMEOUT_MS, checkArgs, cli, inProcess, tempDir } from './helpers.js';
import { MATRIX_CHECKS, SERVERS, V1_UNIQUE, V2_UNIQUE, runMatrixInputs, type ServerName } from './matrix-inputs.js';

const dir = tempDir();
const at = (name: string) => path.join(dir, name);
let inputs: Record<ServerName, RunResults>;

beforeAll(async () => {
  inputs = await runMatrixInputs(dir);
}, RUN_TIMEOUT_MS);

describe('report matrix', () => {
  test('builds the page, the JSON and a badge per implementation from real results; exit 0 though some fail', async () => {
    const outcome = await cli([
      'report',
      'matrix',
      `${at('reference.json')}=${at('reference.html')}`,
      at('v1.json'),
      at('v2.json'),
      '--label',
      `${at('reference.json')}=Reference`,
      '--html',
      at('out/matrix.html'),
      '--json',
      at('out/matrix.json'),
      '--badges',
      at('out/badges'),
    ]);
    expect(outcome.exitCode, outcome.stderr).toBe(0);
    const matrix = JSON.parse(readFileSync(at('out/matrix.json'), 'utf8')) as ImplementationMatrix;
    expect(matrix.matrixSchemaVersion).toBe(1);
    expect(matrix.columns.map((c) => c.label)).toEqual([
      'Reference',
      'mcp-conform-sdk-v1 1.0.0',
      'mcp-conform-sdk-v2 1.0.0',
    ]);
    expect(matrix.columns[0].report).toBe('../reference.html');
    const unique = (key: string) => matrix.rows.filter((r) => r.uniqueFailure === key).map((r) => r.id);
    expect(unique('impl-1')).toEqual([]);
    expect(unique('impl-2')).toEqual(V1_UNIQUE);
    expect(unique('impl-3')).toEqual(V2_UNIQUE);
    // The 1.x server speaks 2025-11-25 only: no cells in the 2026-07-28 rows.
    expect(matrix.rows.filter((r) => r.revision === '2026-07-28').every((r) => r.cells[1] === null)).toBe(true);
    expect(matrix.columns[0].conformance.revisions.find((r) => r.revision === '2026-07-28')?.core.status).toBe(
      'conformant',
    );
    expect(matrix.columns[2].conformance.revisions.find((r) => r.revision === '2026-07-28')?.statement).toMatch(
      /^2026-07-28: Core 2 failures/,
    );
    expect(readdirSync(at('out/badges')).sort()).toEqual([
      'Reference.svg',
      'mcp-conform-sdk-v1-1.0.0.svg',
      'mcp-conform-sdk-v2-1.0.0.svg',
    ]);
    expect(outcome.stdout).toContain('3 implementations');
    expect(outcome.stdout).toMatch(/mcp-conform-sdk-v2 1\.0\.0 \(stdio\): 2026-07-28: Core 2 failures/);
  });

  test('an unreadable or foreign file, a missing report, or a --label for no input is exit 2 with one line', async () => {
    writeFileSync(at('foreign.json'), JSON.stringify({ hello: 'world' }));
    writeFileSync(at('newer.json'), JSON.stringify({ ...inputs.v1, schemaVersion: 99 }));
    const cases: Array<[string[], RegExp]> = [
      [[at('v1.json'), at('missing.json')], /cannot read results file .*missing\.json/],
      [[at('v1.json'), at('foreign.json')], /foreign\.json is not an mcp-conform results file/],
      [[at('newer.json')], /newer\.json has results schemaVersion 99/],
      [[`${at('v1.json')}=${at('nowhere.html')}`], /its HTML report .*nowhere\.html does not exist/],
      [[at('v1.json'), '--label', `${at('v2.json')}=Two`], /--label names a file that is not an input/],
      [[], /report matrix needs results files/],
    ];
    for (const [args, message] of cases) {
      const outcome = await inProcess(['report', 'matrix', ...args, '--json', at('never.json')]);
      expect(outcome.exitCode, args.join(' ')).toBe(2);
      expect(outcome.stderr).toMatch(message);
      expect(outcome.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(() => readFileSync(at('never.json'))).toThrow();
  });

  test(
    'a config file with a matrix key runs its targets one after another and writes their matrix',
    async () => {
      const config = {
        targets: [
          { name: 'Reference', stdio: SERVERS.reference },
          { name: 'SDK 2.x', stdio: SERVERS.v2 },
        ],
        checks: [MATRIX_CHECKS[0]],
        reports: { json: 'cfg/results.json', html: 'cfg/report.html' },
        matrix: { html: 'cfg/matrix.html', json: 'cfg/matrix.json' },
      };
      writeFileSync(at('mcp-conform.config.json'), JSON.stringify(config));
      const outcome = await cli([
        'run',
        '--quiet',
        '--config',
        at('mcp-conform.config.json'),
        ...checkArgs([MATRIX_CHECKS[0]]),
      ]);
      expect(outcome.exitCode, outcome.stdout + outcome.stderr).toBe(1);
      const matrix = JSON.parse(readFileSync(at('cfg/matrix.json'), 'utf8')) as ImplementationMatrix;
      expect(matrix.columns.map((c) => [c.label, c.report])).toEqual([
        ['Reference', 'report-Reference.html'],
        ['SDK 2.x', 'report-SDK-2.x.html'],
      ]);
      expect(matrix.rows.filter((r) => r.uniqueFailure === 'impl-2').map((r) => r.id)).toEqual(V2_UNIQUE);
      expect(readFileSync(at('cfg/matrix.html'), 'utf8')).toContain(
        'href="report-SDK-2.x.html#check-2026-07-28/lifecycle/unsupported-version"',
      );
      expect(outcome.stdout).toContain('matrix: ');
    },
    RUN_TIMEOUT_MS,
  );
});
