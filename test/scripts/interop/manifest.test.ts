// lab.json is validated in full before anything is built: every problem named at once.
import { describe, expect, test } from 'vitest';
import { validateManifest } from '../../../scripts/interop/manifest.js';
import { expand, expandArgv } from '../../../scripts/interop/placeholders.js';

const good = {
  id: 'go-sdk',
  name: 'Go SDK',
  language: 'go',
  sdk: { package: 'github.com/modelcontextprotocol/go-sdk', version: 'v1.8.0' },
  toolchain: ['go'],
  build: [['go', 'build', '-o', '{out}/server', '.']],
  stdio: ['{out}/server'],
  http: { command: ['{out}/server', '--http', '--port', '{port}'], url: 'http://127.0.0.1:{port}/mcp' },
};

describe('validateManifest', () => {
  test('a manifest of the contract passes, env defaulting to empty', () => {
    expect(validateManifest(good, 'go-sdk')).toEqual({ ...good, env: {} });
  });

  test('the id must equal the folder name', () => {
    expect(() => validateManifest(good, 'go-sdk-2')).toThrow('id: "go-sdk" must equal its folder name "go-sdk-2"');
  });

  test('every problem is named at once', () => {
    const bad = { ...good, language: 'cobol', toolchain: [], stdio: 'server', extra: 1 };
    let message = '';
    try {
      validateManifest(bad, 'go-sdk');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('language: must be one of');
    expect(message).toContain('toolchain: must be a non-empty list');
    expect(message).toContain('stdio: must be a non-empty argv list');
    expect(message).toContain('extra: unknown field');
  });

  test('{port} belongs to the HTTP server only; an unknown placeholder is named', () => {
    expect(() => validateManifest({ ...good, stdio: ['{out}/server', '{port}'] }, 'go-sdk')).toThrow(
      'stdio: unknown placeholder {port}',
    );
    expect(() => validateManifest({ ...good, build: [['go', 'build', '{outdir}']] }, 'go-sdk')).toThrow(
      'build[0]: unknown placeholder {outdir}',
    );
  });

  test('an HTTP server must be reached on loopback', () => {
    expect(() =>
      validateManifest({ ...good, http: { ...good.http, url: 'http://0.0.0.0:{port}/mcp' } }, 'go-sdk'),
    ).toThrow('http.url: must start with http://127.0.0.1:{port}/');
  });

  test('a protected variant (auth) may use {issuer}, only there, and binds loopback too', () => {
    const auth = {
      command: ['{out}/server', '--port', '{port}', '--auth-issuer', '{issuer}'],
      url: 'http://127.0.0.1:{port}/mcp',
    };
    expect(validateManifest({ ...good, auth }, 'go-sdk').auth).toEqual(auth);
    const http = { ...good.http, command: [...good.http.command, '{issuer}'] };
    expect(() => validateManifest({ ...good, http }, 'go-sdk')).toThrow('http.command: unknown placeholder {issuer}');
    expect(() => validateManifest({ ...good, auth: { ...auth, url: 'http://0.0.0.0:{port}/mcp' } }, 'go-sdk')).toThrow(
      'auth.url: must start with http://127.0.0.1:{port}/',
    );
  });

  test('a toolchain lists command names, not paths', () => {
    expect(() => validateManifest({ ...good, toolchain: ['/usr/bin/go'] }, 'go-sdk')).toThrow(
      'toolchain: command names, not paths',
    );
  });
});

describe('placeholders', () => {
  test('each placeholder is replaced, as often as it appears', () => {
    expect(
      expandArgv(['{out}/venv/bin/python', '{src}/server.py', '--port={port}', '{port}'], {
        src: '/c/src/x',
        out: '/c/build/x',
        port: '4000',
      }),
    ).toEqual(['/c/build/x/venv/bin/python', '/c/src/x/server.py', '--port=4000', '4000']);
  });

  test('a placeholder without a value is an error, never left in the command', () => {
    expect(() => expand('{out}/server --port {port}', { out: '/c' })).toThrow('no value for placeholder {port}');
  });

  test('text without placeholders is left as is', () => {
    expect(expand('--http', {})).toBe('--http');
  });
});
