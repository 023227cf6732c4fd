// Official MCP reference data (schema.json files and examples), read at test time only.
// Location: $MCP_CONFORM_SPEC_DIR, default ../shared/spec next to the project. CI may not have it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Revision } from '../../../harness/model.js';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const SPEC_DIR = path.resolve(process.env.MCP_CONFORM_SPEC_DIR ?? path.join(PROJECT_ROOT, '../shared/spec'));
export const SCHEMA_DIR = path.join(SPEC_DIR, 'schema');
export const HAS_SPEC = fs.existsSync(path.join(SCHEMA_DIR, '2026-07-28', 'schema.json'));
export const NO_SPEC_REASON = `official MCP schemas not found under ${SCHEMA_DIR} (set MCP_CONFORM_SPEC_DIR)`;
if (!HAS_SPEC) console.warn(`skipping official-schema tests: ${NO_SPEC_REASON}`);

export function officialSchema(revision: Revision): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, revision, 'schema.json'), 'utf8'));
}

export interface Example {
  def: string;
  file: string;
  value: unknown;
}

/** Every examples/<Def>/*.json of a revision (only 2026-07-28 ships examples). */
export function officialExamples(revision: Revision): Example[] {
  const root = path.join(SCHEMA_DIR, revision, 'examples');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .sort()
    .flatMap((def) =>
      fs
        .readdirSync(path.join(root, def))
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => ({
          def,
          file: `${def}/${f}`,
          value: JSON.parse(fs.readFileSync(path.join(root, def, f), 'utf8')) as unknown,
        })),
    );
}
