// Assembles our own JSON Schema document per revision from the shared and per-revision definitions.
import type { Revision } from '../model.js';
import { type DefTable, type Schema, resolveDefs } from './dsl.js';
import { commonDefs } from './defs/common.js';
import { rev20251125Defs } from './defs/rev-2025-11-25.js';
import { rev20260728Defs } from './defs/rev-2026-07-28.js';

export const JSON_SCHEMA_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

const TABLES: Record<Revision, DefTable> = {
  '2026-07-28': { ...commonDefs, ...rev20260728Defs },
  '2025-11-25': { ...commonDefs, ...rev20251125Defs },
};

export const builtinSchemaId = (revision: Revision) => `https://mcp-conform.dev/schema/${revision}.json`;

const cache = new Map<Revision, Schema>();

/** Shared, never-mutated copy for the validator. */
export function builtinDocument(revision: Revision): Schema {
  let doc = cache.get(revision);
  if (!doc) {
    const defs = resolveDefs(TABLES[revision]);
    const sorted = Object.fromEntries(
      Object.keys(defs)
        .sort()
        .map((name) => [name, defs[name]]),
    );
    doc = { $schema: JSON_SCHEMA_2020_12, $id: builtinSchemaId(revision), $defs: sorted };
    cache.set(revision, doc);
  }
  return doc;
}

/** The JSON Schema document of our own schemas for a revision (a fresh copy the caller may change). */
export function revisionSchemaDocument(revision: Revision): Record<string, unknown> {
  return structuredClone(builtinDocument(revision));
}
