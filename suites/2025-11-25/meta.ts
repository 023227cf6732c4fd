// 2025-11-25 _meta keys in everything the server sends: the key grammar, and the reserved
// io.modelcontextprotocol / mcp prefixes used only for the keys the spec defines.
import { defineArea } from '../../harness/checks/check.js';
import { expectThat } from '../../harness/checks/expect.js';
import { isObject } from '../../harness/model.js';
import { sessionEntries, type Ctx } from './helpers.js';

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
  for (const entry of sessionEntries(ctx)) if (entry.direction === 'server->client' && entry.kind === 'message') visit(entry.message, entry.seq, 0);
  return found;
}

export default defineArea('2025-11-25', 'meta', [
  {
    slug: 'key-names',
    title: 'Every _meta key the server sends follows the key grammar',
    requirement: '_meta keys are an optional prefix of dot-separated labels ending in a slash, then a name that begins and ends with a letter or digit (with -, _ and . inside).',
    level: 'MUST',
    spec: 'basic#meta',
    catalog: ['META-001'],
    phase: 'post',
    async run(ctx) {
      const bad = metaKeys(ctx).filter(({ key }) => !KEY.test(key));
      expectThat(bad.length === 0, `_meta key(s) outside the grammar: ${[...new Set(bad.map((b) => JSON.stringify(b.key)))].join(', ')}`, { expected: String(KEY), actual: bad.slice(0, MAX_LISTED) });
    },
  },
  {
    slug: 'reserved-prefixes',
    title: 'Reserved _meta prefixes carry only the keys the spec defines',
    requirement: 'Prefixes whose second label is modelcontextprotocol or mcp are reserved for MCP; in 2025-11-25 it defines related-task and model-immediate-response there, so a server uses no other reserved key (inferred).',
    level: 'SHOULD',
    spec: 'basic#meta',
    catalog: ['META-002'],
    phase: 'post',
    async run(ctx) {
      const bad = metaKeys(ctx).filter(({ key }) => RESERVED.test(key) && !DEFINED.has(key));
      expectThat(bad.length === 0, `reserved _meta key(s) the spec does not define: ${[...new Set(bad.map((b) => b.key))].join(', ')}`, { expected: [...DEFINED], actual: bad.slice(0, MAX_LISTED) });
    },
  },
]);
