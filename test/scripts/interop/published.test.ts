// interop/published.yaml: published servers at one exact release each, the pin agreeing with what
// is installed (lock file or install step), validated in full before anything is installed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import YAML from 'yaml';
import { parseExpectationsValue } from '../../../scripts/interop/expectations.js';
import { parsePublished, pinProblems, type PublishedServer } from '../../../scripts/interop/published.js';
import { PROJECT_ROOT } from '../../helpers/fixture-process.js';

const INTEROP = path.join(PROJECT_ROOT, 'interop');
const text = readFileSync(path.join(INTEROP, 'published.yaml'), 'utf8');

const problemsOf = (yaml: string): string => {
  try {
    parsePublished(yaml, path.join(INTEROP, 'published'));
    return '';
  } catch (error) {
    return (error as Error).message;
  }
};
/** The real table with one server's entry changed. */
const withServer = (id: string, change: (entry: Record<string, unknown>) => void): string => {
  const raw = YAML.parse(text) as { servers: Record<string, Record<string, unknown>> };
  change(raw.servers[id]!);
  return YAML.stringify(raw);
};

describe('the published table', () => {
  test('at least eight servers over at least four languages, each valid, each expectation of a known cell', () => {
    const table = parsePublished(text, path.join(INTEROP, 'published'));
    expect(table.labs.length).toBeGreaterThanOrEqual(8);
    expect(new Set(table.labs.map((lab) => lab.manifest.language)).size).toBeGreaterThanOrEqual(4);
    expect(() => parseExpectationsValue(table.expectations, 'interop/published.yaml')).not.toThrow();
  });

  test('a range, a tag or a missing offline note is refused, every problem at once', () => {
    const message = problemsOf(
      withServer('mcp-server-time', (entry) => {
        entry.version = '>=2026.1';
        delete entry.offline;
        entry.colour = 'blue';
      }),
    );
    expect(message).toContain('servers.mcp-server-time.version: one exact release');
    expect(message).toContain('servers.mcp-server-time.offline');
    expect(message).toContain('servers.mcp-server-time.colour: unknown field');
    expect(problemsOf(withServer('gopls', (entry) => (entry.version = 'latest')))).toContain('one exact release');
  });

  test('a lab.json field is checked as in the lab (install stands for build)', () => {
    const message = problemsOf(withServer('gopls', (entry) => (entry.install = [['go', 'install', '{port}']])));
    expect(message).toContain('servers.gopls.install[0]: unknown placeholder {port}');
  });

  test('expectations name servers of the table', () => {
    const raw = YAML.parse(text) as Record<string, unknown>;
    raw.expectations = { 'mcp-server-tim': {} };
    expect(problemsOf(YAML.stringify(raw))).toContain('expectations.mcp-server-tim: no such server');
  });
});

describe('pinProblems: the pinned release is the one installed', () => {
  const server = (registry: PublishedServer['registry'], name: string, version: string): PublishedServer => ({
    id: 'x',
    registry,
    package: name,
    version,
    offline: 'computes in the process',
  });
  const pip = [['pip', 'install', '-r', 'requirements.txt']];

  test('pypi: requirements.txt pins the package, and every line with ==', () => {
    const files = (requirements: string) => (name: string) => (name === 'requirements.txt' ? requirements : undefined);
    expect(
      pinProblems(server('pypi', 'mcp-server-time', '1.0'), pip, files('mcp_server_time==1.0\nmcp==2.3.0\n')),
    ).toEqual([]);
    expect(pinProblems(server('pypi', 'mcp-server-time', '1.0'), pip, files('mcp-server-time==0.9\n'))).toEqual([
      'requirements.txt: does not pin mcp-server-time==1.0',
    ]);
    expect(pinProblems(server('pypi', 'a', '1'), pip, files('a==1\nb>=2\n'))).toEqual([
      'requirements.txt: "b>=2" is not pinned with ==',
    ]);
    expect(pinProblems(server('pypi', 'a', '1'), pip, () => undefined)[0]).toMatch(/requirements.txt: missing/);
  });

  test('npm: package.json asks for the version and package-lock.json locks it; npm ci installs', () => {
    const files = (wanted: string, locked: string) => (name: string) =>
      name === 'package.json'
        ? JSON.stringify({ dependencies: { p: wanted } })
        : JSON.stringify({ packages: { 'node_modules/p': { version: locked } } });
    const ci = [['npm', 'ci']];
    expect(pinProblems(server('npm', 'p', '2.0.4'), ci, files('2.0.4', '2.0.4'))).toEqual([]);
    expect(pinProblems(server('npm', 'p', '2.0.4'), ci, files('^2.0.0', '2.0.5'))).toEqual([
      'package.json: dependencies["p"] must be "2.0.4"',
      'package-lock.json: does not lock p at 2.0.4',
    ]);
    expect(pinProblems(server('npm', 'p', '2.0.4'), [['npm', 'install']], files('2.0.4', '2.0.4'))).toEqual([
      'install: npm ci (the lock file decides)',
    ]);
  });

  test('go: go install module[/cmd]@version; crates: cargo install --locked with the version', () => {
    const none = () => undefined;
    expect(
      pinProblems(server('go', 'example.com/m', 'v1.2.3'), [['go', 'install', 'example.com/m/cmd/s@v1.2.3']], none),
    ).toEqual([]);
    expect(
      pinProblems(server('go', 'example.com/m', 'v1.2.3'), [['go', 'install', 'example.com/m@latest']], none),
    ).toHaveLength(1);
    expect(
      pinProblems(server('crates', 'c', '0.4.5'), [['cargo', 'install', '--locked', 'c', '--version', '0.4.5']], none),
    ).toEqual([]);
    expect(
      pinProblems(server('crates', 'c', '0.4.5'), [['cargo', 'install', 'c', '--version', '0.4.5']], none),
    ).toHaveLength(1);
  });
});
