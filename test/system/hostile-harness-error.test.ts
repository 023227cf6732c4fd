// A report writer that fails costs its own file only, and an error of the harness has its own
// exit status (3): the other reports are written and the other config targets still run.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { builtFixture } from '../helpers/fixture-process.js';
import { expectEveryReport, expectNothingLeft, runHostile } from '../helpers/hostile-run.js';

describe('a report that cannot be written', () => {
  test('with two config targets: exit 3, the failing file named, every other report written, both targets run', async () => {
    const token = randomUUID();
    // The hostile stdio server with no misbehaviour switched on: a correct server that takes a token.
    const target = { stdio: [process.execPath, builtFixture('fixtures/hostile/stdio-server.ts'), token] };
    const run = await runHostile(
      ['--check', '2026-07-28/lifecycle/discover-result', '--revision', '2026-07-28', '--quiet'],
      {
        prepare: (at) => {
          writeFileSync(
            at('mcp-conform.config.json'),
            JSON.stringify({
              targets: [
                { name: 'first', ...target },
                { name: 'second', ...target },
              ],
            }),
          );
          // A directory where the first target's JUnit file should go: its writer fails with EISDIR.
          mkdirSync(at('r-first.xml'));
        },
      },
    );
    expect(run.exitCode, run.stderr).toBe(3);
    expect(run.stderr).toMatch(/mcp-conform: first: cannot write the JUnit report \S*r-first\.xml: EISDIR/);
    expect(run.stdout).toContain('2 targets: first exit 3, second exit 0; exit 3');
    expect(JSON.parse(readFileSync(run.at('r-first.json'), 'utf8')).outcome).toBe('passed');
    expect(readFileSync(run.at('r-first.html'), 'utf8')).toMatch(/<\/html>\s*$/);
    expect(expectEveryReport(run, 'r-second').json.outcome).toBe('passed');
    expect(existsSync(run.at('r-second.xml'))).toBe(true);
    await expectNothingLeft(token);
  });

  test('--help and the README name exit status 3', async () => {
    const help = await runHostile(['--help']);
    expect(help.stdout).toMatch(/3 harness error/);
    expect(readFileSync(new URL('../../README.md', import.meta.url), 'utf8')).toMatch(
      /^ {2}\| 3 \| \(none\) \| \*\*harness error\*\*/m,
    );
  });
});
