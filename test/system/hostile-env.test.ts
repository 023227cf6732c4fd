// A stdio server that echoes its environment (issue #27): by default it gets only the allow-list
// of the runner's environment, so a DATABASE_URL or a *TOKEN* never reaches it; passed with
// --env NAME it does, and every report holds it redacted: never as is, reversed, base64 (alone or
// inside a blob of the whole environment), nor, when it was not passed, as two halves.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { builtFixture } from '../helpers/fixture-process.js';
import {
  expectEveryReport,
  expectNothingLeft,
  type HostileRun,
  runHostile,
  SHORT_WAITS,
} from '../helpers/hostile-run.js';

const ENV_ECHO = builtFixture('fixtures/hostile/env-echo.ts');
// Discovery (server info), a tool call (its result) and stdout's judge: every message echoes the
// whole environment several times, so a few checks make reports of some megabytes.
const SELECTION = [
  '--revision',
  '2026-07-28',
  ...['2026-07-28/lifecycle', '2026-07-28/tools/valid-arguments', '2026-07-28/stdio/stdout-only-jsonrpc'].flatMap(
    (id) => ['--check', id],
  ),
];
const PLANTED = {
  DATABASE_URL: 'postgres://app:hunter2secret@db.internal/prod',
  MY_API_TOKEN: 'tok-9f8e7d6c5b4a3210',
  // Allow-listed and harmless: proves the echo reaches the reports.
  TERM: 'xterm-env-echo-marker',
};
const SECRETS = { DATABASE_URL: PLANTED.DATABASE_URL, MY_API_TOKEN: PLANTED.MY_API_TOKEN };
const REPORTS = ['r.json', 'r.xml', 'r.html', 'r.sarif'];

/** What base64 runs of `text` decode to, read from each of the 4 character alignments. */
function decodedBase64(text: string): string[] {
  return [...text.matchAll(/[A-Za-z0-9+/]{16,}/g)].flatMap(([run]) =>
    [0, 1, 2, 3].map((skip) => Buffer.from(run.slice(skip), 'base64').toString('latin1')),
  );
}

/** The forms of `secret` that `text` holds: as is, reversed, base64, inside a base64 blob, split in halves. */
function leaksOf(text: string, secret: string, halves: boolean): string[] {
  const middle = secret.length >> 1;
  const forms: Array<[string, boolean]> = [
    ['plain', text.includes(secret)],
    ['reversed', text.includes([...secret].reverse().join(''))],
    ['base64', text.includes(Buffer.from(secret).toString('base64').replace(/=+$/, ''))],
    ['base64 blob', decodedBase64(text).some((decoded) => decoded.includes(secret))],
    ['halves', halves && text.includes(secret.slice(0, middle)) && text.includes(secret.slice(middle))],
  ];
  return forms.filter(([, found]) => found).map(([form]) => form);
}

/** Every leak in every report and on the console, as "where: NAME form". */
function leaks(run: HostileRun, halves: boolean): string[] {
  const texts: Array<[string, string]> = [
    ...REPORTS.map((file): [string, string] => [file, readFileSync(run.at(file), 'utf8')]),
    ['console', run.stdout + run.stderr],
  ];
  return texts.flatMap(([where, text]) =>
    Object.entries(SECRETS).flatMap(([name, secret]) =>
      leaksOf(text, secret, halves).map((form) => `${where}: ${name} ${form}`),
    ),
  );
}

async function echoRun(...flags: string[]) {
  const token = randomUUID();
  const run = await runHostile(
    [...SHORT_WAITS, '--sarif', 'r.sarif', ...SELECTION, ...flags, '--', process.execPath, ENV_ECHO, token],
    { env: PLANTED },
  );
  const { json } = expectEveryReport(run);
  await expectNothingLeft(token);
  const text = readFileSync(run.at('r.json'), 'utf8');
  expect(text, 'the echo reached the report').toContain(PLANTED.TERM);
  return {
    run,
    json: json as typeof json & { target: { environment: string[] }; redaction?: { names: string[] } },
    text,
  };
}

describe('a server that echoes its environment', () => {
  test('by default it gets only the allow-list: no planted variable reaches it, in any form', async () => {
    const { run, json, text } = await echoRun();
    expect(leaks(run, true)).toEqual([]);
    expect(json.target.environment).toContain('TERM');
    expect(json.target.environment).not.toContain('DATABASE_URL');
    expect(json.target.environment).not.toContain('MY_API_TOKEN');
    // Names are never redacted: had the server got them, its echo would show them.
    for (const name of Object.keys(SECRETS)) expect(text).not.toContain(name);
  });

  test("--env NAME passes the runner's variable on; the reports hold it only redacted", async () => {
    const { run, json, text } = await echoRun('--env', 'DATABASE_URL', '--env', 'MY_API_TOKEN');
    // Halves of a value passed on are not found; keeping the value from the server is what prevents that.
    expect(leaks(run, false)).toEqual([]);
    expect(json.target.environment).toEqual(expect.arrayContaining(['DATABASE_URL', 'MY_API_TOKEN', 'TERM']));
    expect(text).toContain('[redacted:DATABASE_URL]');
    expect(text).toContain('[redacted:MY_API_TOKEN]');
    expect(json.redaction?.names).toEqual(expect.arrayContaining(['DATABASE_URL', 'MY_API_TOKEN']));
  });

  test('--inherit-env passes everything; DATABASE_URL, harmless by name, is a secret by its password', async () => {
    const { run, json, text } = await echoRun('--inherit-env');
    expect(leaks(run, false)).toEqual([]);
    expect(json.target.environment).toEqual(expect.arrayContaining(['DATABASE_URL', 'MY_API_TOKEN']));
    expect(text).toContain('[redacted:DATABASE_URL]');
    expect(json.redaction?.names).toEqual(expect.arrayContaining(['DATABASE_URL', 'MY_API_TOKEN']));
  });
});
