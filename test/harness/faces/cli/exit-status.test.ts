// Pass, fail, could not run and not applicable each have their own exit status: a run whose only
// non-skip verdict is inconclusive exits 4, a run of nothing but skips 5, and with several
// targets the worst of them by severity (fail > inconclusive > not applicable), not the larger number.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { cli, referenceArgv } from './cli-process.js';

const project = () => mkdtempSync(path.join(tmpdir(), 'mcp-conform-exit-'));
// The mutant never answers a read of the empty URI: the check gets no answer in time, which decides nothing.
const SILENT = 'empty-uri-silent';
const URI_CHECK = '2026-07-28/resources/uri-validation';
// Every check of the area is for HTTP: over stdio each one skips.
const HTTP_ONLY = '2026-07-28/http';

describe.concurrent('exit status of the four outcomes', () => {
  test('only an inconclusive verdict: outcome inconclusive, exit 4, not a failure and not a pass', async () => {
    const dir = project();
    const result = await cli(
      [
        'run',
        '--revision',
        '2026-07-28',
        '--check',
        URI_CHECK,
        '--timeout',
        '1000',
        '--json',
        'r.json',
        '--',
        ...referenceArgv(SILENT),
      ],
      { cwd: dir },
    );
    expect(result.exitCode, result.stdout + result.stderr).toBe(4);
    const results = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8'));
    expect(results.checks.map((c: { verdict: string }) => c.verdict)).toEqual(['error']);
    expect(results).toMatchObject({ outcome: 'inconclusive', exitCode: 4 });
    expect(result.stdout).toMatch(
      /^outcome: inconclusive \(exit 4\): no check failed, but at least one could not come to a verdict/m,
    );
  });

  test('only skips: outcome no-verdicts, exit 5, never green', async () => {
    const result = await cli(['run', '--demo', '--revision', '2026-07-28', '--check', HTTP_ONLY, '--quiet'], {
      cwd: project(),
    });
    expect(result.exitCode, result.stdout + result.stderr).toBe(5);
    expect(result.stdout).toMatch(/ 0 pass, 0 fail, 0 warn, \d+ skip, 0 error /);
    expect(result.stdout).toContain(
      'outcome: no-verdicts (exit 5): not applicable: no check came to a verdict other than skip',
    );
  });

  test('several targets: inconclusive (4) is worse than not applicable (5)', async () => {
    const dir = project();
    writeFileSync(
      path.join(dir, 'mcp-conform.config.json'),
      JSON.stringify({
        checks: [URI_CHECK, HTTP_ONLY],
        timeoutMs: 1000,
        // A 2025-11-25-only server claims no revision these checks are of: nothing runs.
        targets: [
          { name: 'legacy', stdio: [...referenceArgv(), '--era', 'legacy'] },
          { name: 'silent', stdio: referenceArgv(SILENT) },
        ],
      }),
    );
    const result = await cli(['run', '--quiet'], { cwd: dir });
    expect(result.stdout).toContain('2 targets: legacy exit 5, silent exit 4; exit 4');
    expect(result.exitCode, result.stdout + result.stderr).toBe(4);
  });
});
