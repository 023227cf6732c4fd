// 2025-11-25 metadata in everything the server sends: the _meta key grammar, the reserved
// io.modelcontextprotocol / mcp prefixes used only for the keys the spec defines, icon URIs.
import { defineArea } from '../../harness/checks/check.js';
import { expectThat } from '../../harness/checks/expect.js';
import { isObject } from '../../harness/model.js';
import { sessionEntries, type Ctx } from './kit/helpers.js';

const LABEL = '[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const KEY = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*/)?(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$`);
/** A prefix whose second label is modelcontextprotocol or mcp is reserved for the spec. */
const RESERVED = /^(?:[^./]+\.)(?:modelcontextprotocol|mcp)(?:\.[^/]*)?\//;
const DEFINED = new Set(['io.modelcontextprotocol/related-task', 'io.modelcontextprotocol/model-immediate-response']);
const MAX_LISTED = 10;

/** Every _meta key in every server message of the run, with where it came from. */
function metaKeys(ctx: Ctx): Array<{ key: string; seq: number }> {
  const found: Array<{ key: string; seq: number }> = [];
  const visit = (value: unknown, seq: number, depth: number): void => {
    if (depth > 20) return;
    if (Array.isArray(value)) return value.forEach((item) => visit(item, seq, depth + 1));
    if (!isObject(value)) return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '_meta' && isObject(child)) found.push(...Object.keys(child).map((k) => ({ key: k, seq })));
      visit(child, seq, depth + 1);
    }
  };
  for (const entry of sessionEntries(ctx))
    if (entry.direction === 'server->client' && entry.kind === 'message') visit(entry.message, entry.seq, 0);
  return found;
}

/** Icon sources clients accept: https: and data: URIs (they MUST reject other schemes). */
const SAFE_ICON_SCHEME = /^(https|data):/i;

/** Every icon in every server message of the run (tools, prompts, resources, serverInfo...). */
function iconsSent(ctx: Ctx): Array<{ icon: unknown; seq: number }> {
  const found: Array<{ icon: unknown; seq: number }> = [];
  const visit = (value: unknown, seq: number, depth: number): void => {
    if (depth > 20) return;
    if (Array.isArray(value)) return value.forEach((item) => visit(item, seq, depth + 1));
    if (!isObject(value)) return;
    if (Array.isArray(value.icons)) found.push(...value.icons.map((icon) => ({ icon, seq })));
    for (const child of Object.values(value)) visit(child, seq, depth + 1);
  };
  for (const entry of sessionEntries(ctx))
    if (entry.direction === 'server->client' && entry.kind === 'message') visit(entry.message, entry.seq, 0);
  return found;
}

export default defineArea('2025-11-25', 'meta', [
  {
    slug: 'key-names',
    title: 'Every _meta key the server sends follows the key grammar',
    requirement:
      '_meta keys are an optional prefix of dot-separated labels ending in a slash, then a name that begins and ends with a letter or digit (with -, _ and . inside).',
    level: 'MUST',
    spec: 'basic#meta',
    catalog: ['META-001'],
    phase: 'post',
    async run(ctx) {
      const bad = metaKeys(ctx).filter(({ key }) => !KEY.test(key));
      expectThat(
        bad.length === 0,
        `_meta key(s) outside the grammar: ${[...new Set(bad.map((b) => JSON.stringify(b.key)))].join(', ')}`,
        { expected: String(KEY), actual: bad.slice(0, MAX_LISTED) },
      );
    },
  },
  {
    slug: 'reserved-prefixes',
    title: 'Reserved _meta prefixes carry only the keys the spec defines',
    requirement:
      'Prefixes whose second label is modelcontextprotocol or mcp are reserved for MCP; in 2025-11-25 it defines related-task and model-immediate-response there, so a server uses no other reserved key (inferred).',
    level: 'SHOULD',
    spec: 'basic#meta',
    catalog: ['META-002'],
    phase: 'post',
    async run(ctx) {
      const bad = metaKeys(ctx).filter(({ key }) => RESERVED.test(key) && !DEFINED.has(key));
      expectThat(
        bad.length === 0,
        `reserved _meta key(s) the spec does not define: ${[...new Set(bad.map((b) => b.key))].join(', ')}`,
        { expected: [...DEFINED], actual: bad.slice(0, MAX_LISTED) },
      );
    },
  },
  {
    slug: 'icon-schemes',
    title: 'Icons point to https: or data: URIs',
    requirement:
      'An icon src is an HTTP(S) URL or a data: URI, and clients MUST ensure it is an https: or data: URI, rejecting other schemes; so the icons a server lists use https: or data: (derived: a SHOULD).',
    level: 'SHOULD',
    levelReason:
      'derived: the MUST binds clients, which reject other schemes; a server that wants its icons shown uses https: or data:',
    spec: 'basic#icons',
    catalog: ['META-003'],
    phase: 'post',
    async run(ctx) {
      const icons = iconsSent(ctx);
      if (icons.length === 0) ctx.skip('the server listed no icons');
      const bad = icons.filter(
        ({ icon }) => !(isObject(icon) && typeof icon.src === 'string' && SAFE_ICON_SCHEME.test(icon.src)),
      );
      const srcOf = (icon: unknown) => (isObject(icon) ? String(icon.src).slice(0, 80) : JSON.stringify(icon));
      expectThat(
        bad.length === 0,
        `icon(s) with a src clients must reject: ${[...new Set(bad.map(({ icon }) => srcOf(icon)))].slice(0, 3).join(', ')}`,
        {
          expected: 'src an https: or data: URI',
          actual: bad.slice(0, MAX_LISTED).map(({ icon, seq }) => ({ seq, src: srcOf(icon) })),
        },
      );
      ctx.note(`${icons.length} icon(s) seen`);
    },
  },
]);
