// Our verdict equals the official schema's verdict on examples, samples, generated instances and their mutations.
import { describe, expect, it } from 'vitest';
import { REVISIONS } from '../../../harness/model.js';
import { createWireValidator, revisionSchemaDocument } from '../../../harness/schema/index.js';
import { baseCases, compare, describeDisagreement, officialVerdict, verdictOf } from './agreement.js';
import { HAS_SPEC, NO_SPEC_REASON } from './spec-data.js';

const skipNote = HAS_SPEC ? '' : ` (skipped: ${NO_SPEC_REASON})`;

describe.skipIf(!HAS_SPEC)(`agreement with the official schema${skipNote}`, () => {
  it.each(REVISIONS)('%s: same accept/reject verdict on every case', (revision) => {
    const validator = createWireValidator(revision);
    const result = compare(revision, (def, value) => validator.validate(def, value).valid, officialVerdict(revision));
    console.log(
      `${revision}: compared ${result.compared} cases (${result.acceptedByOfficial} accepted, ` +
        `${result.compared - result.acceptedByOfficial} rejected by the official schema), ${result.disagreements.length} disagreements`,
    );
    expect(result.acceptedByOfficial).toBeGreaterThan(1000);
    expect(result.compared - result.acceptedByOfficial).toBeGreaterThan(1000);
    expect(result.disagreements.slice(0, 20).map(describeDisagreement)).toEqual([]);
  });

  // The comparison must notice a difference: plant one in a copy of our schema per revision.
  it.each([
    ['2026-07-28', 'CacheableResult-derived ttlMs minimum', 'DiscoverResult', 'ttlMs', 'minimum'],
    ['2025-11-25', 'Task.ttl required', 'Task', 'ttl', 'required'],
  ] as const)('%s: detects a planted difference (%s)', (revision, _what, def, prop, kind) => {
    const doc = revisionSchemaDocument(revision);
    const target = (doc.$defs as Record<string, any>)[def];
    if (kind === 'minimum') delete target.properties[prop].minimum;
    else target.required = target.required.filter((k: string) => k !== prop);
    const planted = verdictOf(doc, `https://planted.test/${revision}.json`);
    const cases = baseCases(revision).filter((c) => c.def === def || c.label.includes(def));
    const result = compare(revision, planted, officialVerdict(revision), cases);
    expect(result.disagreements.length).toBeGreaterThan(0);
  });
});
