// Compiles a schema a server sent, in its declared dialect, without ever throwing: a broken
// schema is reported as a problem. Meta-validation runs first so the report names the defect.
import { ajvFor, dialectOf, metaValidatorFor, type Dialect } from './dialects.js';
import { UnsupportedPattern } from './linear-regex.js';

export type SchemaProblemKind =
  | 'invalid-schema'
  | 'unsupported-dialect'
  | 'unsupported-pattern'
  | 'unresolved-ref'
  | 'too-complex';

export interface SchemaProblem {
  ok: false;
  kind: SchemaProblemKind;
  message: string;
  dialect?: Dialect;
}

export interface CompiledSchema {
  ok: true;
  dialect: Dialect;
  /** True when the value is valid; never throws. */
  validate(value: unknown): boolean;
  /** The validation errors of the last failing value, one line each. */
  explain(value: unknown): string[];
}

export interface CompileOptions {
  /** Assert `format` keywords (default true). */
  formats?: boolean;
}

/** Bounds on the schemas we compile (the spec asks validators to bound composition work). */
export const SCHEMA_LIMITS = { maxNodes: 20_000, maxDepth: 64 };

function measure(schema: unknown): { nodes: number; depth: number } {
  let nodes = 0;
  let depth = 0;
  const stack: Array<[unknown, number]> = [[schema, 1]];
  while (stack.length > 0 && nodes <= SCHEMA_LIMITS.maxNodes) {
    const [node, level] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    nodes++;
    depth = Math.max(depth, level);
    if (depth > SCHEMA_LIMITS.maxDepth) break;
    for (const child of Object.values(node)) stack.push([child, level + 1]);
  }
  return { nodes, depth };
}

function problem(kind: SchemaProblemKind, message: string, dialect?: Dialect): SchemaProblem {
  return { ok: false, kind, message, dialect };
}

const serverAjvs = new Map<string, ReturnType<typeof ajvFor>>();

/**
 * The validator a server schema compiles in: one per dialect, built once (building one costs
 * milliseconds, thousands of tools cost minutes). A schema that names things (`$id`, anchors)
 * gets a fresh one, since servers may reuse those names from schema to schema.
 */
function serverAjvFor(
  dialect: Dialect,
  formats: boolean,
  schema: unknown,
): { ajv: ReturnType<typeof ajvFor>; shared: boolean } {
  const text = JSON.stringify(schema);
  if (/"\$(id|anchor|dynamicAnchor|recursiveAnchor)"/.test(text))
    return { ajv: ajvFor(dialect, formats, true), shared: false };
  const key = `${dialect}:${formats}`;
  let ajv = serverAjvs.get(key);
  if (!ajv) serverAjvs.set(key, (ajv = ajvFor(dialect, formats, true)));
  return { ajv, shared: true };
}

function compileNow(schema: unknown, formats: boolean): CompiledSchema | SchemaProblem {
  if (typeof schema !== 'boolean' && (typeof schema !== 'object' || schema === null || Array.isArray(schema))) {
    return problem(
      'invalid-schema',
      `a schema is an object or a boolean, not ${schema === null ? 'null' : Array.isArray(schema) ? 'an array' : typeof schema}`,
    );
  }
  const choice = dialectOf(schema);
  if ('unsupported' in choice)
    return problem('unsupported-dialect', `$schema ${choice.unsupported} is not a dialect this validator supports`);
  const { dialect } = choice;
  const size = measure(schema);
  if (size.nodes > SCHEMA_LIMITS.maxNodes || size.depth > SCHEMA_LIMITS.maxDepth) {
    return problem(
      'too-complex',
      `schema exceeds the validator's bounds (${SCHEMA_LIMITS.maxNodes} nodes, depth ${SCHEMA_LIMITS.maxDepth})`,
      dialect,
    );
  }
  const meta = metaValidatorFor(dialect, formats);
  let metaValid: boolean;
  try {
    metaValid = meta.validateSchema(schema as object) as boolean;
  } catch (error) {
    return problem('invalid-schema', `cannot meta-validate: ${(error as Error).message}`, dialect);
  }
  if (!metaValid)
    return problem(
      'invalid-schema',
      `not a valid ${dialect} schema: ${meta.errorsText(meta.errors, { dataVar: 'schema' })}`,
      dialect,
    );
  const { ajv, shared } = serverAjvFor(dialect, formats, schema);
  let fn: ReturnType<typeof ajv.compile>;
  try {
    fn = ajv.compile(schema as object);
    // The compiled function stands alone; the shared validator keeps no copy of the schema.
    if (shared && typeof schema === 'object') ajv.removeSchema(schema as object);
  } catch (error) {
    if (shared && typeof schema === 'object') ajv.removeSchema(schema as object);
    if (error instanceof UnsupportedPattern) return problem('unsupported-pattern', error.message, dialect);
    const missing = (error as { missingRef?: string }).missingRef;
    if (missing !== undefined)
      return problem(
        'unresolved-ref',
        `$ref ${missing} cannot be resolved without fetching it (never fetched)`,
        dialect,
      );
    return problem('invalid-schema', `does not compile as ${dialect}: ${(error as Error).message}`, dialect);
  }
  const run = (value: unknown): boolean => {
    try {
      return fn(value) as boolean;
    } catch {
      return false;
    }
  };
  return {
    ok: true,
    dialect,
    validate: run,
    explain: (value) =>
      run(value) ? [] : (fn.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`),
  };
}

const cache = new Map<string, CompiledSchema | SchemaProblem>();
const CACHE_LIMIT = 500;

/** Compiled once per (schema text, formats): compiling is a pure function of both. */
export function compileSchema(schema: unknown, options: CompileOptions = {}): CompiledSchema | SchemaProblem {
  const formats = options.formats ?? true;
  let key: string;
  try {
    key = `${formats ? 'f' : 'n'}:${JSON.stringify(schema)}`;
  } catch {
    return problem('invalid-schema', 'schema is not JSON (cyclic)');
  }
  const cached = cache.get(key);
  if (cached) return cached;
  const compiled = compileNow(schema, formats);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, compiled);
  return compiled;
}
