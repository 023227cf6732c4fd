// Static lints of schemas a server publishes: `$ref`s that only a fetch could resolve, and the
// `x-mcp-header` constraints of 2026-07-28 tool input schemas.
import { isNode } from './pointer.js';
import { walkSchema, type SchemaPath } from './walk.js';

const DUMMY_BASE = 'urn:mcp-conform:schema-root';

function withoutFragment(uri: string): string {
  const hash = uri.indexOf('#');
  return hash === -1 ? uri : uri.slice(0, hash);
}

function resolveUri(ref: string, base: string): string | undefined {
  try {
    return new URL(ref, base).href;
  } catch {
    return undefined;
  }
}

export interface ExternalRef {
  ref: string;
  /** JSON Pointer of the schema holding it. */
  at: string;
  /** http(s) and similar: something a validator would have to fetch. */
  network: boolean;
}

const toPointer = (path: SchemaPath) =>
  path.map((step) => `/${String(step).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** `$ref`s that point outside the document (not to a `#` fragment nor to an `$id` inside it). */
export function externalRefs(schema: unknown): ExternalRef[] {
  const rootId = isNode(schema) && typeof schema.$id === 'string' ? resolveUri(schema.$id, DUMMY_BASE) : undefined;
  const base = rootId ?? DUMMY_BASE;
  const ids = new Set<string>([withoutFragment(base)]);
  const refs: Array<{ ref: string; at: string }> = [];
  walkSchema(schema, (node, path) => {
    if (typeof node.$id === 'string') {
      const id = resolveUri(node.$id, base);
      if (id) ids.add(withoutFragment(id));
    }
    if (typeof node.$ref === 'string') refs.push({ ref: node.$ref, at: toPointer(path) });
  });
  const out: ExternalRef[] = [];
  for (const { ref, at } of refs) {
    if (ref.startsWith('#')) continue;
    const target = resolveUri(ref, base);
    if (target && ids.has(withoutFragment(target))) continue;
    out.push({ ref, at, network: target !== undefined && /^(https?|ftp|wss?):/i.test(target) });
  }
  return out;
}

export interface HeaderAnnotation {
  header: unknown;
  /** Property names from the root when statically reachable; undefined otherwise. */
  propertyPath?: string[];
  at: string;
  schema: Record<string, unknown>;
}

/** Every `x-mcp-header` in the schema, reachable or not. */
export function headerAnnotations(schema: unknown): HeaderAnnotation[] {
  const found: HeaderAnnotation[] = [];
  walkSchema(schema, (node, path) => {
    if (!('x-mcp-header' in node)) return;
    const chain =
      path.length > 0 &&
      path.length % 2 === 0 &&
      path.every((step, i) => (i % 2 === 0 ? step === 'properties' : typeof step === 'string'));
    const propertyPath = chain ? path.filter((_, i) => i % 2 === 1).map(String) : undefined;
    found.push({ header: node['x-mcp-header'], propertyPath, at: toPointer(path), schema: node });
  });
  return found;
}

/** RFC 9110 token: 1*tchar. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_TYPES = new Set(['integer', 'string', 'boolean']);

/** Why the `x-mcp-header` annotations of an input schema are invalid (empty when they are fine). */
export function headerProblems(schema: unknown): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const annotation of headerAnnotations(schema)) {
    const where = annotation.at || '/';
    const name = annotation.header;
    if (typeof name !== 'string' || name.length === 0) {
      problems.push(`${where}: x-mcp-header must be a non-empty string, got ${JSON.stringify(name)}`);
      continue;
    }
    if (!TOKEN.test(name))
      problems.push(
        `${where}: x-mcp-header ${JSON.stringify(name)} is not an RFC 9110 token (1*tchar, no control characters)`,
      );
    const lower = name.toLowerCase();
    if (seen.has(lower))
      problems.push(
        `${where}: x-mcp-header ${JSON.stringify(name)} repeats ${JSON.stringify(seen.get(lower))} (names are case-insensitively unique)`,
      );
    else seen.set(lower, name);
    if (!annotation.propertyPath)
      problems.push(
        `${where}: x-mcp-header is not statically reachable (only a chain of properties keys from the root may lead to it)`,
      );
    const type = annotation.schema.type;
    const types = Array.isArray(type) ? type : [type];
    const primitive = types.filter((t) => t !== 'null');
    if (primitive.length !== 1 || !HEADER_TYPES.has(primitive[0] as string)) {
      problems.push(
        `${where}: x-mcp-header ${JSON.stringify(name)} is on a property of type ${JSON.stringify(type ?? null)}; only integer, string or boolean are allowed`,
      );
    }
  }
  return problems;
}

const SENSITIVE_WORDS = new Set([
  'password',
  'passwd',
  'pwd',
  'secret',
  'token',
  'apikey',
  'credential',
  'credentials',
  'cookie',
  'ssn',
  'email',
  'authorization',
  'auth',
  'bearer',
  'pin',
]);
const SENSITIVE_PAIRS = [
  'api key',
  'private key',
  'access key',
  'secret key',
  'session id',
  'credit card',
  'card number',
];

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

/** A heuristic: does this name look like a password, key, token or personal data? */
export function looksSensitive(name: string): boolean {
  const list = words(name);
  if (list.some((word) => SENSITIVE_WORDS.has(word))) return true;
  const joined = list.join(' ');
  return SENSITIVE_PAIRS.some((pair) => joined.includes(pair));
}

/** `x-mcp-header` annotations on properties whose property or header name looks sensitive. */
export function sensitiveHeaders(schema: unknown): Array<{ header: string; property: string }> {
  return headerAnnotations(schema)
    .filter((a) => typeof a.header === 'string' && a.propertyPath)
    .map((a) => ({ header: a.header as string, property: a.propertyPath!.join('.') }))
    .filter((a) => looksSensitive(a.header) || looksSensitive(a.property.split('.').pop()!));
}
