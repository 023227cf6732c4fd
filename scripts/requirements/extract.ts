// Maintenance, run by hand: drafts suites/<revision>/requirements.ts from the requirement catalogs
// (../shared/spec/spec-<revision>.md, or $MCP_CONFORM_SPEC_DIR) and, given the spec's source
// ($MCP_SPEC_REPO: a checkout of modelcontextprotocol/modelcontextprotocol), lists the anchors
// that are no heading or id of their page. The written index is the source of truth: summaries
// already in it are kept, new rows get an empty summary to write by hand.
//   npx tsx scripts/requirements/extract.ts [--write]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { REVISIONS, type Revision } from '../../harness/model.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SPEC_DIR = path.resolve(process.env.MCP_CONFORM_SPEC_DIR ?? path.join(ROOT, '../shared/spec'));
const SPEC_REPO = process.env.MCP_SPEC_REPO;

interface Draft {
  id: string;
  level: string;
  spec: string;
  also: string[];
  transport: 'any' | 'stdio' | 'http';
  summary: string;
}

function catalogRows(revision: Revision): Draft[] {
  const text = fs.readFileSync(path.join(SPEC_DIR, `spec-${revision}.md`), 'utf8');
  const root = `https://modelcontextprotocol.io/specification/${revision}/`;
  return text
    .split('\n')
    .filter((line) => /^\| [A-Z]+-\d+ \|/.test(line))
    .map((line) => {
      // Cells are split on ' | ' so an escaped pipe (`\|`) inside a cell stays in it.
      const cells = line.slice(2, -2).split(' | ');
      const [id, level] = cells;
      const transport = cells[cells.length - 2].trim().split(/[\s(]/)[0];
      const urls = cells[cells.length - 1].split(';').map((url) => url.trim());
      const pages = urls.map((url) => {
        if (!url.startsWith(root)) throw new Error(`${revision} ${id}: source ${url} is not under ${root}`);
        return url.slice(root.length);
      });
      if (transport !== 'any' && transport !== 'stdio' && transport !== 'http')
        throw new Error(`${revision} ${id}: transport ${transport}`);
      const spec = SOURCE_FIXES[revision]?.[id] ?? pages[0];
      return { id, level: level.trim(), spec, also: pages.slice(1), transport, summary: '' };
    });
}

/** Heading slugs (as the docs site makes them) and explicit ids of one page of the spec's source. */
function anchorsOf(revision: Revision, page: string): Set<string> | undefined {
  if (!SPEC_REPO) return undefined;
  const base = path.join(SPEC_REPO, 'docs/specification', revision, page);
  const file = [`${base}.mdx`, path.join(base, 'index.mdx')].find((candidate) => fs.existsSync(candidate));
  if (!file) return new Set();
  const text = fs.readFileSync(file, 'utf8');
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of text.matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const slug = match[1]
      .toLowerCase()
      .replace(/<[^>]+>/g, '')
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .trim()
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  for (const match of text.matchAll(/\bid="([^"]+)"/g)) anchors.add(match[1]);
  // Anchors the spec's own pages link to on this page count too (`_meta` is linked as #meta).
  const target = new RegExp(`(?:\\]\\(|href=")/specification/${revision}/${page}(?:/index)?#([a-z0-9_-]+)[)"]`, 'g');
  for (const other of mdxFiles(path.join(SPEC_REPO, 'docs/specification', revision))) {
    for (const match of fs.readFileSync(other, 'utf8').matchAll(target)) anchors.add(match[1]);
  }
  return anchors;
}

function mdxFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? mdxFiles(full) : entry.name.endsWith('.mdx') ? [full] : [];
  });
}

/**
 * Catalog sources that name no anchor, or one the page lacks, each with the section of that page
 * that states the rule (found in the spec's source; the anchor check below holds them too). A rule
 * stated in a page's opening text, above any heading, keeps the bare page.
 */
const SOURCE_FIXES: Partial<Record<Revision, Record<string, string>>> = {
  '2026-07-28': {
    'RPC-011': 'changelog#major-changes',
    'META-012': 'server/utilities/logging#per-request-log-level',
    'VER-002': 'basic/versioning#protocol-version-negotiation',
    'VER-012': 'basic/versioning#backward-compatibility-with-initialization-based-versions',
    'RES-012': 'basic/patterns/subscriptions#notification-filter',
    'RES-013': 'changelog#major-changes',
    'PAG-001': 'server/utilities/pagination#pagination-model',
    'MRTR-004': 'basic/patterns/mrtr#server-requirements-basic-workflow',
    'MRTR-013': 'client/elicitation#user-interaction-model',
    'MRTR-015': 'client/sampling#tool-use-and-result-balance',
    'CAN-004': 'basic/patterns/cancellation#behavior-requirements',
    'PROG-001': 'basic/patterns/progress#behavior-requirements',
    'HTTP-008': 'basic/transports/streamable-http#security--endpoint',
    'HTTP-009': 'basic/transports/streamable-http#security--endpoint',
    'HTTP-025': 'changelog#major-changes',
    'AUTH-002': 'basic/authorization/authorization-server-discovery#authorization-server-location',
  },
  '2025-11-25': {
    // The schema page has no PaginatedRequestParams heading; the optional params are on each list request.
    'PAGE-004': 'schema#listtoolsrequest-params',
    'PING-002': 'basic/utilities/ping#behavior-requirements',
    'PING-003': 'basic/utilities/ping#behavior-requirements',
    'PROG-004': 'basic/utilities/progress#progress-flow',
    'ELIC-003': 'client/elicitation#user-interaction-model',
  },
};

function checkAnchors(revision: Revision, rows: Draft[]): string[] {
  const problems: string[] = [];
  for (const row of rows) {
    for (const ref of [row.spec, ...row.also]) {
      const [page, anchor] = ref.split('#');
      const anchors = anchorsOf(revision, page);
      if (!anchors) return ['(set MCP_SPEC_REPO to check anchors)'];
      if (anchors.size === 0) problems.push(`${row.id}: no page ${page}`);
      else if (anchor && !anchors.has(anchor)) problems.push(`${row.id}: ${page} has no #${anchor}`);
    }
  }
  return problems;
}

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function render(revision: Revision, rows: Draft[]): string {
  const name = `REQUIREMENTS_${revision.slice(0, 4)}`;
  const lines = rows.map((row) => {
    const also = row.also.length ? `, also: [${row.also.map(quote).join(', ')}]` : '';
    return `  { id: ${quote(row.id)}, level: ${quote(row.level)}, spec: ${quote(row.spec)}${also}, transport: ${quote(row.transport)}, summary: ${quote(row.summary)} },`;
  });
  return [
    `// The ${revision} requirement index: one row per server requirement, in our own words. Checks and`,
    `// fuzz properties cite rows by id (\`catalog\`); which of them cover a row is computed`,
    `// (suites/requirements.ts). Drafted by scripts/requirements/extract.ts; edited by hand since.`,
    `import type { Requirement } from '../requirements-types.js';`,
    '',
    `export const ${name}: readonly Requirement[] = [`,
    ...lines,
    '];',
    '',
  ].join('\n');
}

async function existingSummaries(revision: Revision): Promise<Map<string, string>> {
  const file = path.join(ROOT, 'suites', revision, 'requirements.ts');
  if (!fs.existsSync(file)) return new Map();
  const module = (await import(pathToFileURL(file).href)) as Record<string, Array<{ id: string; summary: string }>>;
  return new Map(Object.values(module)[0].map((row) => [row.id, row.summary]));
}

for (const revision of REVISIONS) {
  const rows = catalogRows(revision);
  const summaries = await existingSummaries(revision);
  for (const row of rows) row.summary = summaries.get(row.id) ?? '';
  const problems = checkAnchors(revision, rows);
  console.log(`${revision}: ${rows.length} rows, ${rows.filter((row) => !row.summary).length} without a summary`);
  for (const problem of problems) console.log(`  anchor: ${problem}`);
  if (process.argv.includes('--write'))
    fs.writeFileSync(path.join(ROOT, 'suites', revision, 'requirements.ts'), render(revision, rows));
}
