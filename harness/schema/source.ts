// Where the schema document of a revision comes from: our built-in one, or a --schema-dir.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REVISIONS, type Revision } from '../model.js';
import { builtinDocument, builtinSchemaId } from './document.js';

export type SchemaSource = { kind: 'builtin' } | { kind: 'dir'; dir: string };

export interface LoadedSchema {
  document: Record<string, unknown>;
  /** Base URI the definitions are addressed by (`<id>#/$defs/<Name>`). */
  id: string;
  /** Human-readable origin, for error messages. */
  origin: string;
}

export function sourceKey(source: SchemaSource): string {
  return source.kind === 'builtin' ? 'builtin' : `dir:${path.resolve(source.dir)}`;
}

/** Revision a schema document is for: its $id if it names one, else marker definitions. */
export function documentRevision(document: Record<string, unknown>): Revision | undefined {
  const id = typeof document.$id === 'string' ? document.$id : '';
  const named = REVISIONS.find((r) => id.includes(r));
  if (named) return named;
  const defs = (document.$defs ?? {}) as Record<string, unknown>;
  if ('DiscoverRequest' in defs) return '2026-07-28';
  if ('InitializeRequest' in defs && 'Task' in defs) return '2025-11-25';
  return undefined;
}

function readDocument(file: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`Cannot read schema ${file}: ${(err as Error).message}`);
  }
  const defs = (parsed as { $defs?: unknown } | null)?.$defs;
  if (typeof parsed !== 'object' || parsed === null || typeof defs !== 'object' || defs === null) {
    throw new Error(`Schema ${file} has no "$defs" object (expected a JSON Schema 2020-12 MCP schema.json)`);
  }
  return parsed as Record<string, unknown>;
}

export function loadSchema(revision: Revision, source: SchemaSource): LoadedSchema {
  if (source.kind === 'builtin') {
    return { document: builtinDocument(revision), id: builtinSchemaId(revision), origin: `built-in ${revision}` };
  }
  const perRevision = path.join(source.dir, revision, 'schema.json');
  const single = path.join(source.dir, 'schema.json');
  let file: string;
  let document: Record<string, unknown>;
  if (fs.existsSync(perRevision)) {
    file = perRevision;
    document = readDocument(file);
  } else if (fs.existsSync(single)) {
    file = single;
    document = readDocument(file);
    const found = documentRevision(document);
    if (found !== revision) {
      throw new Error(
        `--schema-dir ${source.dir}: ${single} is ${found ? `for revision ${found}` : 'not recognisably for any revision'}, ` +
          `not ${revision}; put the ${revision} schema at ${perRevision}`,
      );
    }
  } else {
    throw new Error(`--schema-dir ${source.dir}: no schema for ${revision} (looked for ${perRevision} and ${single})`);
  }
  const own = typeof document.$id === 'string' ? document.$id.replace(/#$/, '') : '';
  const id = own !== '' ? own : pathToFileURL(file).href;
  return { document: { ...document, $id: id }, id, origin: file };
}
