// The hostile servers the memory bound is measured on: one case per class of misbehaviour the
// hostile tests cover (test/system/hostile*.test.ts), each a built fixture with its flags.
import path from 'node:path';

export interface HostileCase {
  name: string;
  /** Built fixture under dist/test/fixtures/hostile, and its arguments. */
  fixture: string;
  args: string[];
  /** Run options beyond the short waits (e.g. one revision, where the case is about one). */
  runArgs?: string[];
}

const stdio = (name: string, args: string[], runArgs?: string[]): HostileCase => ({
  name,
  fixture: 'stdio-server.js',
  args,
  runArgs,
});

export const CASES: HostileCase[] = [
  stdio('hang-after 5', ['--hang-after', '5']),
  stdio('exit-after 5', ['--exit-after', '5']),
  stdio('flood-stdout 50 MB', ['--flood-stdout', '50']),
  stdio('flood-stderr 50 MB', ['--flood-stderr', '50']),
  stdio('huge-line 64 MB', ['--huge-line', '64']),
  stdio('invalid-utf8', ['--invalid-utf8']),
  stdio('utf8-in-strings', ['--utf8-in-strings']),
  stdio('bom + crlf', ['--bom', '--crlf']),
  stdio('empty-lines 10000', ['--empty-lines', '10000']),
  stdio('unknown-ids', ['--unknown-ids']),
  stdio('duplicate-responses', ['--duplicate-responses']),
  stdio('many-tools 50000', ['--many-tools', '50000']),
  stdio('long-description 16 MB', ['--long-description', '16']),
  stdio('deep-answer', ['--deep-answer']),
  stdio('request-flood 100000', ['--request-flood', '100000']),
  stdio('big-requests 4 MB', ['--big-requests', '4'], ['--revision', '2026-07-28']),
  stdio('deep-requests 3000', ['--deep-requests', '3000'], ['--revision', '2025-11-25']),
  { name: 'notification flood 100000', fixture: 'notification-flood.js', args: ['--flood', '100000'] },
  { name: 'notification flood 100000 mixed', fixture: 'notification-flood.js', args: ['--flood', '100000', '--mixed'] },
  { name: 'garbage', fixture: 'garbage.js', args: [] },
  { name: 'never answers', fixture: 'never-answers.js', args: [] },
  { name: 'exit at once', fixture: 'exit-at-once.js', args: [] },
  { name: 'daemonizing', fixture: 'daemonizing-server.js', args: [] },
  { name: 'env echo', fixture: 'env-echo.js', args: [] },
  { name: 'rewritten: deep', fixture: 'rewritten-reference.js', args: ['--deep'] },
];

export const fixturePath = (root: string, hostileCase: HostileCase) =>
  path.join(root, 'dist/test/fixtures/hostile', hostileCase.fixture);
