// interop/published.yaml: published MCP servers, installed from their registries at pinned
// versions, beside the lab's own. One file holds the table (`servers`) and what each cell is
// expected to do (`expectations`, in the form of interop/expectations.yaml); a server's lock
// file, when its registry needs one, is in interop/published/<id>/. Validated in full first.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import type { Lab } from './build.js';
import { manifestProblems, validateManifest } from './manifest.js';

export const REGISTRIES = ['pypi', 'npm', 'go', 'crates'] as const;
export type Registry = (typeof REGISTRIES)[number];

export interface PublishedServer {
  id: string;
  registry: Registry;
  package: string;
  version: string;
  /** What its tools do on a machine without a network: the run must not wait on one. */
  offline: string;
}

export interface PublishedTable {
  labs: Lab[];
  servers: Map<string, PublishedServer>;
  /** The `expectations` mapping, for parseExpectationsValue. */
  expectations: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** A pin names one release: no range, tag or wildcard. */
const EXACT = /^v?\d+(\.\d+)*([-+][0-9A-Za-z.-]+)?$/;
const OWN_FIELDS = ['registry', 'package', 'version', 'offline', 'install'];

/** The files of a server's folder, read as text; undefined when absent. */
export type ReadFile = (name: string) => string | undefined;

/** Does what is installed match the pin? One problem per mismatch. */
export function pinProblems(server: PublishedServer, install: string[][], read: ReadFile): string[] {
  const { registry, package: name, version } = server;
  const words = install.flat();
  const problems: string[] = [];
  if (registry === 'pypi') {
    const lines = (read('requirements.txt') ?? '').split('\n').map((line) => line.trim());
    const pins = lines.filter((line) => line !== '' && !line.startsWith('#'));
    const norm = (text: string) => text.toLowerCase().replace(/[-_.]+/g, '-');
    if (pins.length === 0) problems.push('requirements.txt: missing (every package of the venv pinned)');
    else if (!pins.some((line) => norm(line) === norm(`${name}==${version}`)))
      problems.push(`requirements.txt: does not pin ${name}==${version}`);
    for (const line of pins)
      if (!/^[A-Za-z0-9._-]+==[^=\s]+$/.test(line)) problems.push(`requirements.txt: "${line}" is not pinned with ==`);
    if (!words.includes('requirements.txt')) problems.push('install: does not install requirements.txt');
  } else if (registry === 'npm') {
    let manifest: unknown;
    let lock: unknown;
    try {
      manifest = JSON.parse(read('package.json') ?? 'null');
      lock = JSON.parse(read('package-lock.json') ?? 'null');
    } catch {
      return ['package.json or package-lock.json: not JSON'];
    }
    const wanted = isObject(manifest) && isObject(manifest.dependencies) ? manifest.dependencies[name] : undefined;
    if (wanted !== version) problems.push(`package.json: dependencies["${name}"] must be "${version}"`);
    const locked = isObject(lock) && isObject(lock.packages) ? lock.packages[`node_modules/${name}`] : undefined;
    if (!isObject(locked) || locked.version !== version)
      problems.push(`package-lock.json: does not lock ${name} at ${version}`);
    if (!install.some((argv) => argv[0] === 'npm' && argv[1] === 'ci'))
      problems.push('install: npm ci (the lock file decides)');
  } else if (registry === 'go') {
    // The module's own go.sum pins what it builds with; its command may sit in a folder of it.
    const installed = words.some(
      (word) => word === `${name}@${version}` || (word.startsWith(`${name}/`) && word.endsWith(`@${version}`)),
    );
    if (!installed) problems.push(`install: go install ${name}[/cmd/...]@${version}`);
  } else {
    const at = words.indexOf('--version');
    if (!words.includes(name) || at < 0 || words[at + 1] !== version || !words.includes('--locked'))
      problems.push(`install: cargo install --locked ${name} --version ${version}`);
  }
  return problems;
}

/** Parses published.yaml and the servers' folders under `dir`; throws one Error listing every problem. */
export function parsePublished(text: string, dir: string, file = 'interop/published.yaml'): PublishedTable {
  const raw: unknown = YAML.parse(text) ?? {};
  if (!isObject(raw)) throw new Error(`${file}: must be a mapping with servers and expectations`);
  const problems: string[] = [];
  for (const key of Object.keys(raw))
    if (key !== 'servers' && key !== 'expectations') problems.push(`${key}: unknown field (servers, expectations)`);
  const labs: Lab[] = [];
  const servers = new Map<string, PublishedServer>();
  if (!isObject(raw.servers) || Object.keys(raw.servers).length === 0)
    problems.push('servers: must map ids to servers');
  for (const [id, entry] of Object.entries(isObject(raw.servers) ? raw.servers : {})) {
    const where = `servers.${id}`;
    if (!isObject(entry)) {
      problems.push(`${where}: must be a mapping`);
      continue;
    }
    const { registry, package: name, version, offline, install } = entry;
    const own: string[] = [];
    if (typeof registry !== 'string' || !(REGISTRIES as readonly string[]).includes(registry))
      own.push(`${where}.registry: one of ${REGISTRIES.join(', ')}`);
    if (typeof name !== 'string' || name === '') own.push(`${where}.package: the package name in its registry`);
    if (typeof version !== 'string' || !EXACT.test(version))
      own.push(`${where}.version: one exact release (no range, tag or wildcard), not ${JSON.stringify(version)}`);
    if (typeof offline !== 'string' || offline.trim().length < 10)
      own.push(`${where}.offline: what its tools do without a network`);
    // The rest is a lab.json's fields, checked as one (install stands for build).
    const manifest = {
      id,
      ...Object.fromEntries(Object.entries(entry).filter(([key]) => !OWN_FIELDS.includes(key))),
      build: install,
    };
    own.push(...manifestProblems(manifest, id).map((problem) => `${where}.${problem.replace(/^build\b/, 'install')}`));
    let lab: Lab | undefined;
    if (own.length === 0)
      lab = { manifest: validateManifest(manifest, id), folder: path.join(dir, id), extraHash: JSON.stringify(entry) };
    if (own.length === 0 && lab) {
      const server = { id, registry, package: name, version, offline } as PublishedServer;
      const read: ReadFile = (fileName) => {
        const full = path.join(dir, id, fileName);
        return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
      };
      own.push(...pinProblems(server, lab.manifest.build, read).map((problem) => `${where}: ${problem}`));
      servers.set(id, server);
      labs.push(lab);
    }
    problems.push(...own);
  }
  if (raw.expectations !== undefined && !isObject(raw.expectations))
    problems.push('expectations: must map server ids to cells');
  for (const id of Object.keys(isObject(raw.expectations) ? raw.expectations : {}))
    if (!isObject(raw.servers) || !(id in raw.servers)) problems.push(`expectations.${id}: no such server`);
  if (problems.length > 0) throw new Error(`${file}:\n  ${problems.join('\n  ')}`);
  labs.sort((a, b) => a.manifest.id.localeCompare(b.manifest.id));
  return { labs, servers, expectations: raw.expectations ?? {} };
}
