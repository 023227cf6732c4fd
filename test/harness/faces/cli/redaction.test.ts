// A server can echo its environment, which a stdio server inherits from the runner: the values of
// secret-looking variables and of --env never reach a report, and the report says so.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { secretsFrom, redactResults } from '../../../../harness/results/redact.js';
import type { RunResults } from '../../../../harness/results/results.js';
import { startHttpFixture } from '../../../helpers/fixture-process.js';
import { tempDir } from '../../../reports/helpers.js';
import { cli } from './cli-process.js';

const INHERITED = 'ghp_inheritedTokenValue123';
const PASSED = 'passed-with-env-4567';

/** Answers every request with an error that quotes the whole environment, as an "env" tool might. */
function echoingServer(dir: string): string {
  const file = path.join(dir, 'echo-env.mjs');
  writeFileSync(
    file,
    `import { createInterface } from 'node:readline';
createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined) return;
  process.stderr.write('env: ' + JSON.stringify(process.env) + '\\n');
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32603, message: 'env ' + JSON.stringify(process.env) } }) + '\\n');
});
`,
  );
  return file;
}

const URL_PASSWORD = 'urlpass-1234';
const URL_KEY = 'key-abcdef123';
const DB_PASSWORD = 'dbpass-9876';
const DB_QUERY_PASSWORD = 'qpass-4321';

/** An HTTP server that answers every POST with an error quoting the URL it was asked at and a database URL of its own. */
function urlEchoingServer(dir: string): string {
  const file = path.join(dir, 'echo-url.mjs');
  writeFileSync(
    file,
    `import { createServer } from 'node:http';
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    let id = null;
    try { id = JSON.parse(body).id ?? null; } catch {}
    const message = 'asked at ' + req.url + '; db postgres://app:${DB_PASSWORD}@db.internal/prod?sslmode=require&password=${DB_QUERY_PASSWORD}';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32603, message } }));
  });
});
server.listen(0, '127.0.0.1', () => console.log('MCP_CONFORM_LISTENING http://127.0.0.1:' + server.address().port + '/mcp'));
`,
  );
  return file;
}

const VALID_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJtY3AtY29uZm9ybSJ9.c2lnbmF0dXJlLXZhbGlk';
const EXPIRED_TOKEN = 'expired-opaque-token-7f3e';

/** A "protected" HTTP server that refuses every request with 401, quoting the Authorization header it got. */
function tokenEchoingServer(dir: string): string {
  const file = path.join(dir, 'echo-token.mjs');
  writeFileSync(
    file,
    `import { createServer } from 'node:http';
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer error="invalid_token"' });
    res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'refused ' + (req.headers.authorization ?? 'no token') } }));
  });
});
server.listen(0, '127.0.0.1', () => console.log('MCP_CONFORM_LISTENING http://127.0.0.1:' + server.address().port + '/mcp'));
`,
  );
  return file;
}

describe('secrets redaction', () => {
  test('--auth-token* values (and the forged copy of the valid one) reach no report nor the console, though the server echoes them', async () => {
    const dir = tempDir();
    const at = (name: string) => path.join(dir, name);
    const fixture = await startHttpFixture(process.execPath, [tokenEchoingServer(dir)]);
    try {
      const result = await cli([
        'run',
        '--revision',
        '2026-07-28',
        '--check',
        '2026-07-28/auth',
        '--url',
        fixture.url,
        '--auth-token',
        VALID_TOKEN,
        '--auth-token-expired',
        EXPIRED_TOKEN,
        '--json',
        at('r.json'),
        '--html',
        at('r.html'),
        '--junit',
        at('r.xml'),
        '--sarif',
        at('r.sarif'),
      ]);
      const results = JSON.parse(readFileSync(at('r.json'), 'utf8'));
      expect(JSON.stringify(results)).toContain('refused Bearer [redacted:--auth-token-expired]');
      expect(results.redaction.names).toEqual(
        expect.arrayContaining(['--auth-token-expired', '--auth-token (forged signature)']),
      );
      const forgedSignature = 'refused Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJtY3AtY29uZm9ybSJ9.';
      for (const file of ['r.json', 'r.html', 'r.xml', 'r.sarif']) {
        const text = readFileSync(at(file), 'utf8');
        for (const secret of [VALID_TOKEN, EXPIRED_TOKEN, forgedSignature])
          expect(text, `${file}`).not.toContain(secret);
      }
      for (const secret of [VALID_TOKEN, EXPIRED_TOKEN]) expect(result.stdout + result.stderr).not.toContain(secret);
    } finally {
      await fixture.stop();
    }
  });

  test('no report, nor the console, holds an inherited *TOKEN* value (--inherit-env) or an --env value; each says it redacted', async () => {
    const dir = tempDir();
    const at = (name: string) => path.join(dir, name);
    const result = await cli(
      [
        'run',
        '--revision',
        '2026-07-28',
        '--check',
        '2026-07-28/lifecycle',
        '--env',
        `SERVER_MODE=${PASSED}`,
        // The server gets MY_API_TOKEN only with the whole environment.
        '--inherit-env',
        '--json',
        at('r.json'),
        '--html',
        at('r.html'),
        '--junit',
        at('r.xml'),
        '--sarif',
        at('r.sarif'),
        '--',
        process.execPath,
        echoingServer(dir),
      ],
      { env: { MY_API_TOKEN: INHERITED, GITHUB_STEP_SUMMARY: at('summary.md') } },
    );
    expect(result.exitCode).toBe(1);
    const results = JSON.parse(readFileSync(at('r.json'), 'utf8'));
    // The server did echo them: the redaction markers stand where the values were.
    expect(JSON.stringify(results)).toContain('[redacted:MY_API_TOKEN]');
    expect(JSON.stringify(results)).toContain('[redacted:SERVER_MODE]');
    expect(results.redaction).toMatchObject({ names: ['MY_API_TOKEN', 'SERVER_MODE'] });
    expect(results.redaction.occurrences).toBeGreaterThan(1);
    for (const file of readdirSync(dir).filter((name) => name !== 'echo-env.mjs')) {
      const text = readFileSync(at(file), 'utf8');
      expect(text, file).not.toContain(INHERITED);
      expect(text, file).not.toContain(PASSED);
    }
    expect(result.stdout + result.stderr).not.toContain(INHERITED);
    expect(result.stdout + result.stderr).not.toContain(PASSED);
    expect(result.stdout).toMatch(
      /^redacted \d+ occurrences of secret values \(MY_API_TOKEN, SERVER_MODE\) from the reports$/m,
    );
    expect(readFileSync(at('summary.md'), 'utf8')).toContain('secret values (MY_API_TOKEN, SERVER_MODE)');
    expect(JSON.parse(readFileSync(at('r.sarif'), 'utf8')).runs[0].properties.redaction).toMatch(/MY_API_TOKEN/);
  });

  test('secret-looking names, every --env and --header value (and a header credential without its scheme); short values are left alone', () => {
    const secrets = secretsFrom(
      {
        GH_TOKEN: 'abcdef123',
        AWS_SECRET_ACCESS_KEY: 'xyz987654',
        DB_PASSWORD: 'hunter22',
        AUTH_HEADER: 'Basic zzzzzz',
        HOME: '/root/home',
        PIN_KEY: '12',
      },
      { headers: { Authorization: 'Bearer tok-123456' } },
    );
    expect([...new Set(secrets.map((s) => s.name))].sort()).toEqual([
      'AUTH_HEADER',
      'AWS_SECRET_ACCESS_KEY',
      'DB_PASSWORD',
      'GH_TOKEN',
      'header Authorization',
    ]);
    expect(secrets.filter((s) => s.name === 'header Authorization').map((s) => s.value)).toEqual([
      'Bearer tok-123456',
      'tok-123456',
    ]);
    const results = redactResults(
      { checks: [{ reason: 'saw Bearer tok-123456 and tok-123456 and 12' }] } as unknown as RunResults,
      secrets,
    );
    expect((results.checks[0] as { reason: string }).reason).toBe(
      'saw [redacted:header Authorization] and [redacted:header Authorization] and 12',
    );
    expect(results.redaction).toEqual({ names: ['header Authorization'], occurrences: 2 });
  });

  test('a secret inside JSON text (escaped) is found too, and nothing is noted when nothing was found', () => {
    const secrets = [{ name: 'MY_KEY', value: 'a"b\\c-secret' }];
    const results = redactResults(
      { checks: [{ text: JSON.stringify({ v: 'a"b\\c-secret' }) }] } as unknown as RunResults,
      secrets,
    );
    expect(JSON.stringify(results)).not.toContain('c-secret');
    expect(redactResults({ checks: [] } as unknown as RunResults, secrets).redaction).toBeUndefined();
  });

  test("the target URL's userinfo and query key, and a URL password the server echoes, reach no report nor the console", async () => {
    const dir = tempDir();
    const at = (name: string) => path.join(dir, name);
    const fixture = await startHttpFixture(process.execPath, [urlEchoingServer(dir)]);
    try {
      const target = fixture.url.replace('http://', `http://user:${URL_PASSWORD}@`) + `?api_key=${URL_KEY}&v=2`;
      const reports = [
        '--json',
        at('r.json'),
        '--html',
        at('r.html'),
        '--junit',
        at('r.xml'),
        '--sarif',
        at('r.sarif'),
      ];
      const result = await cli(
        ['run', '--revision', '2026-07-28', '--check', '2026-07-28/lifecycle', '--url', target, ...reports],
        {
          env: { GITHUB_STEP_SUMMARY: at('summary.md') },
        },
      );
      const results = JSON.parse(readFileSync(at('r.json'), 'utf8'));
      expect(results.target.description).toBe(
        `${fixture.url.replace('http://', 'http://user:[redacted:URL password]@')}?api_key=[redacted:URL query api_key]&v=2`,
      );
      expect(JSON.stringify(results)).toContain(
        'postgres://app:[redacted:URL password]@db.internal/prod?sslmode=require&password=[redacted:URL query password]',
      );
      expect(results.redaction.names).toEqual(['URL password', 'URL query api_key', 'URL query password']);
      const files = readdirSync(dir).filter((name) => name !== 'echo-url.mjs');
      expect(files.sort()).toEqual(['r.html', 'r.json', 'r.sarif', 'r.xml', 'summary.md']);
      for (const file of files) {
        const text = readFileSync(at(file), 'utf8');
        for (const secret of [URL_PASSWORD, URL_KEY, DB_PASSWORD, DB_QUERY_PASSWORD])
          expect(text, `${file} holds ${secret}`).not.toContain(secret);
      }
      for (const secret of [URL_PASSWORD, URL_KEY, DB_PASSWORD, DB_QUERY_PASSWORD])
        expect(result.stdout + result.stderr).not.toContain(secret);
      expect(result.stderr).toContain('target http://user:[redacted:URL password]@');
      expect(result.stdout).toMatch(
        /^redacted \d+ occurrences of secret values \(URL password, URL query api_key, URL query password\) from the reports$/m,
      );
    } finally {
      await fixture.stop();
    }
  });

  test('a target URL gives its user, password and every query value of 6 characters or more, as written and decoded', () => {
    const secrets = secretsFrom(
      {},
      { url: 'https://tok-abcdef@example.com/mcp?k=a%2Fb%2Fc%2Fd&sig=abcdefgh&v=2&flag' },
    );
    expect(secrets.map((s) => [s.name, s.value]).sort()).toEqual([
      ['URL query k', 'a%2Fb%2Fc%2Fd'],
      ['URL query k', 'a/b/c/d'],
      ['URL query sig', 'abcdefgh'],
      ['URL user', 'tok-abcdef'],
    ]);
  });

  test("any URL's userinfo password and secret-named query values are redacted, in JSON text too; other URLs are left alone", () => {
    const text = [
      'mysql://root:hunter2@db:3306/app',
      JSON.stringify({ dsn: 'redis://:s3cr3t@cache:6379/0' }),
      'https://api.example.com/v1?access_token=abc&page=2',
      'https://example.com/docs?version=2026-07-28',
      'git@github.com:owner/repo.git',
    ].join(' | ');
    const results = redactResults({ checks: [{ reason: text }] } as unknown as RunResults, []);
    expect((results.checks[0] as { reason: string }).reason).toBe(
      [
        'mysql://root:[redacted:URL password]@db:3306/app',
        JSON.stringify({ dsn: 'redis://:[redacted:URL password]@cache:6379/0' }),
        'https://api.example.com/v1?access_token=[redacted:URL query access_token]&page=2',
        'https://example.com/docs?version=2026-07-28',
        'git@github.com:owner/repo.git',
      ].join(' | '),
    );
    expect(results.redaction).toEqual({ names: ['URL password', 'URL query access_token'], occurrences: 3 });
  });
});
