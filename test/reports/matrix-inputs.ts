// Real results for the matrix tests: `mcp-conform run` against the bundled reference server and
// the official-SDK fixture servers (1.x and 2.x over stdio), narrowed to checks where they
// differ: the 2.x server serves an unsupported protocol version over stdio (2026-07-28
// lifecycle), the 1.x server answers a task-augmented call without declaring tasks
// (test/sdk-servers/expected). Each run writes its results JSON and its HTML report.
import { writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { RunResults } from '../../harness/results/results.js';
import { builtFixture } from '../helpers/fixture-process.js';
import { checkArgs, cli, REFERENCE_JS } from './helpers.js';
import { SCRIPT } from './fixtures/hostile-strings.js';

export const MATRIX_CHECKS = [
  '2026-07-28/lifecycle',
  '2025-11-25/tasks/ignored-without-capability',
  '2025-11-25/tools',
];

/** Unique failures the inputs must show: the SDK defects recorded in test/sdk-servers/expected. */
export const V2_UNIQUE = [
  '2026-07-28/lifecycle/discover-unsupported-version',
  '2026-07-28/lifecycle/unsupported-version',
];
export const V1_UNIQUE = ['2025-11-25/tasks/ignored-without-capability'];

export const SERVERS = {
  reference: [process.execPath, REFERENCE_JS, '--stdio'],
  v1: [process.execPath, builtFixture('fixtures/sdk-servers/v1-stdio.ts')],
  v2: [process.execPath, builtFixture('fixtures/sdk-servers/v2-stdio.ts')],
};
export type ServerName = keyof typeof SERVERS;

/** Runs the three servers at once (they mostly wait on processes); `<name>.json` and `<name>.html` in dir. */
export async function runMatrixInputs(dir: string): Promise<Record<ServerName, RunResults>> {
  const names = Object.keys(SERVERS) as ServerName[];
  const runs = await Promise.all(
    names.map((name) =>
      cli([
        'run',
        '--quiet',
        '--no-config',
        ...checkArgs(MATRIX_CHECKS),
        '--json',
        path.join(dir, `${name}.json`),
        '--html',
        path.join(dir, `${name}.html`),
        '--',
        ...SERVERS[name],
      ]),
    ),
  );
  runs.forEach((outcome, i) =>
    expect(outcome.exitCode, `${names[i]}: ${outcome.stdout}${outcome.stderr}`).toBe(names[i] === 'reference' ? 0 : 1),
  );
  return Object.fromEntries(
    names.map((name) => [name, JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8')) as RunResults]),
  ) as Record<ServerName, RunResults>;
}

/** The reference server's results as a hostile server would name itself: `evil.json`. */
export function writeEvilCopy(dir: string, reference: RunResults): string {
  const evil: RunResults = {
    ...reference,
    revisions: reference.revisions.map((run) => ({
      ...run,
      profile: run.profile && {
        ...run.profile,
        serverInfo: { name: `evil ${SCRIPT}`, version: '"><img src=x onerror=alert(1)>' },
      },
    })),
  };
  const file = path.join(dir, 'evil.json');
  writeFileSync(file, JSON.stringify(evil));
  return file;
}
