// Our schema documents: well-formed, same definition names as the official ones, accept every official example.
import { describe, expect, it } from 'vitest';
import { REVISIONS } from '../../../harness/model.js';
import { createAjv } from '../../../harness/schema/ajv.js';
import { createWireValidator, revisionSchemaDocument } from '../../../harness/schema/index.js';
import { HAS_SPEC, NO_SPEC_REASON, officialExamples, officialSchema } from './spec-data.js';

const skipNote = HAS_SPEC ? '' : ` (skipped: ${NO_SPEC_REASON})`;
const defsOf = (doc: Record<string, unknown>) => Object.keys(doc.$defs as object);

describe('our schema documents', () => {
  it.each(REVISIONS)('%s is a 2020-12 document whose every $ref resolves', (revision) => {
    const doc = revisionSchemaDocument(revision);
    expect(doc.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(doc.$id).toBe(`https://mcp-conform.dev/schema/${revision}.json`);
    const names = new Set(defsOf(doc));
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/\$defs\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.filter((r) => !names.has(r))).toEqual([]);
    const ajv = createAjv();
    expect(() => ajv.compile({ ...doc, $ref: '#/$defs/JSONRPCMessage' })).not.toThrow();
  });

  it('has 155 definitions for 2026-07-28 and 145 for 2025-11-25', () => {
    expect(defsOf(revisionSchemaDocument('2026-07-28'))).toHaveLength(155);
    expect(defsOf(revisionSchemaDocument('2025-11-25'))).toHaveLength(145);
  });

  it('returns a fresh copy each time', () => {
    const doc = revisionSchemaDocument('2026-07-28');
    (doc.$defs as Record<string, unknown>).Result = {};
    expect((revisionSchemaDocument('2026-07-28').$defs as Record<string, unknown>).Result).not.toEqual({});
  });
});

describe.skipIf(!HAS_SPEC)(`against the official schema.json files${skipNote}`, () => {
  it.each(REVISIONS)('%s: every official $defs name exists in ours and ours has no extra', (revision) => {
    const official = defsOf(officialSchema(revision));
    const ours = defsOf(revisionSchemaDocument(revision));
    expect({
      missing: official.filter((n) => !ours.includes(n)),
      extra: ours.filter((n) => !official.includes(n)),
    }).toEqual({
      missing: [],
      extra: [],
    });
  });

  it('2026-07-28: every official example is accepted by our definition of the same name', () => {
    const validator = createWireValidator('2026-07-28');
    const examples = officialExamples('2026-07-28');
    expect(examples.length).toBeGreaterThanOrEqual(129);
    const rejected = examples
      .map((e) => ({ file: e.file, outcome: validator.validate(e.def, e.value) }))
      .filter((r) => !r.outcome.valid)
      .map((r) => `${r.file}: ${r.outcome.issues.map((i) => `${i.path} ${i.message}`).join('; ')}`);
    console.log(`official 2026-07-28 examples accepted: ${examples.length - rejected.length}/${examples.length}`);
    expect(rejected).toEqual([]);
  });
});
