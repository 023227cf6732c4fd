// Testing a protected server from the command line, both ways README "Testing a protected
// server" gives: the embedded authorization server (the server under test trusts its issuer,
// fixed by --auth-issuer-port), or the user's own tokens (--auth-token*). Every auth check comes
// to its verdict, and no token reaches any report or the console.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, test } from 'vitest';
import { CLI_BUNDLE, REFERENCE_BUNDLE, startHttpFixture, type HttpFixture } from '../helpers/fixture-process.js';
import { embeddedIssuer, REFERENCE_SCOPE } from '../helpers/harness.js';

const fixtures: HttpFixture[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(fixtures.map((f) => f.stop()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function runCli(url: string, flags: string[]) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-conform-auth-'));
  dirs.push(dir);
  const reports = ['json', 'junit', 'html', 'sarif'].map((kind) => path.join(dir, `report.${kind}`));
  const child = await execa(
    process.execPath,
    [
      CLI_BUNDLE,
      'run',
      '--url',
      url,
      '--check',
      '2026-07-28/auth',
      '--check',
      '2025-11-25/auth',
      ...flags,
      ...reports.flatMap((file) => [`--${path.extname(file).slice(1)}`, file]),
    ],
    { reject: false, env: { NO_COLOR: '1' } },
  );
  const results = JSON.parse(readFileSync(reports[0]!, 'utf8')) as {
    checks: Array<{ id: string; verdict: string; reason?: string }>;
  };
  const everything = [child.stdout, child.stderr, ...reports.map((file) => readFileSync(file, 'utf8'))].join('\n');
  return { child, results, everything };
}

const verdicts = (results: { checks: Array<{ id: string; verdict: string; reason?: string }> }) =>
  Object.fromEntries(results.checks.map((c) => [c.id, `${c.verdict}${c.verdict === 'pass' ? '' : `: ${c.reason}`}`]));

describe('a protected server', () => {
  test('--auth-server embedded: the server trusts its issuer; every auth check passes and no token is printed', async () => {
    const port = await freePort();
    const fixture = await startHttpFixture(process.execPath, [
      REFERENCE_BUNDLE,
      '--http',
      '--auth-issuer',
      `http://127.0.0.1:${port}`,
    ]);
    fixtures.push(fixture);
    const { child, results, everything } = await runCli(fixture.url, [
      '--auth-server',
      'embedded',
      '--auth-issuer-port',
      String(port),
    ]);
    expect(child.stderr).toContain(`embedded authorization server: issuer http://127.0.0.1:${port}`);
    expect(child.stderr).toContain(`scope "${REFERENCE_SCOPE}"`);
    expect(results.checks.length).toBe(26);
    for (const check of results.checks) expect(check.verdict, JSON.stringify(verdicts(results), null, 1)).toBe('pass');
    // A JWT starts with a base64url JSON header ("eyJ"): none may survive redaction.
    expect(everything).not.toMatch(/eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/);
  }, 120_000);

  test("--auth-token*: the user's own tokens; each is redacted, and a check without its token skips naming the flag", async () => {
    const issuer = await embeddedIssuer();
    const fixture = await startHttpFixture(process.execPath, [
      REFERENCE_BUNDLE,
      '--http',
      '--auth-issuer',
      issuer.issuer,
    ]);
    fixtures.push(fixture);
    const tokens = await issuer.mint(fixture.url, REFERENCE_SCOPE);
    const { child, results, everything } = await runCli(fixture.url, [
      '--auth-token',
      tokens.valid!,
      '--auth-token-expired',
      tokens.expired!,
      '--auth-token-other-audience',
      tokens.otherAudience!,
    ]);
    const byId = verdicts(results);
    expect(byId['2026-07-28/auth/expired-token-rejected']).toBe('pass');
    expect(byId['2025-11-25/auth/other-audience-rejected']).toBe('pass');
    expect(byId['2026-07-28/auth/forged-signature-rejected']).toBe('pass');
    expect(byId['2026-07-28/auth/insufficient-scope-403']).toMatch(/^skip: needs --auth-token-low-scope/);
    expect(child.exitCode).not.toBe(1);
    for (const token of [tokens.valid!, tokens.expired!, tokens.otherAudience!]) {
      expect(everything).not.toContain(token);
      expect(everything).not.toContain(token.split('.')[2]);
    }
  }, 120_000);

  test('usage errors: an unknown authorization server, tokens beside the embedded one, auth flags for stdio', async () => {
    const cli = (args: string[]) => execa(process.execPath, [CLI_BUNDLE, 'run', ...args], { reject: false });
    const other = await cli(['--url', 'http://127.0.0.1:9/mcp', '--auth-server', 'keycloak']);
    expect(other.exitCode).toBe(2);
    expect(other.stderr).toContain('--auth-server: embedded is the one');
    const both = await cli(['--url', 'http://127.0.0.1:9/mcp', '--auth-server', 'embedded', '--auth-token', 'abcdef']);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toContain('not both');
    const stdio = await cli(['--stdio', 'node x.js', '--auth-token', 'abcdef']);
    expect(stdio.exitCode).toBe(2);
    expect(stdio.stderr).toContain('apply to url targets only');
  }, 60_000);
});
