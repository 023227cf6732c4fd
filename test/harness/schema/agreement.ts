// Builds the agreement corpus (examples, hand-written samples, generated instances, their mutations)
// and compares two verdict functions (ours vs the official schema) on it.
import { generateSync } from 'json-schema-faker';
import type { Revision } from '../../../harness/model.js';
import { createAjv } from '../../../harness/schema/ajv.js';
import { revisionSchemaDocument } from '../../../harness/schema/index.js';
import { SAMPLES_2025_11_25 } from './messages-2025-11-25.js';
import { SAMPLES_2026_07_28 } from './messages-2026-07-28.js';
import { mutations } from './mutations.js';
import { officialExamples, officialSchema } from './spec-data.js';

export type Verdict = (def: string, value: unknown) => boolean;

export interface Case {
  def: string;
  label: string;
  value: unknown;
}

export interface Disagreement extends Case {
  ours: boolean;
  official: boolean;
}

/** Compiles a whole schema document and returns a per-definition verdict function. */
export function verdictOf(document: Record<string, unknown>, id: string): Verdict {
  const ajv = createAjv();
  ajv.addSchema({ ...document, $id: id });
  return (def, value) => {
    const fn = ajv.getSchema(`${id}#/$defs/${def}`);
    if (!fn) throw new Error(`no definition ${def} in ${id}`);
    return fn(value) as boolean;
  };
}

export const officialVerdict = (revision: Revision) =>
  verdictOf(officialSchema(revision), `https://official.test/${revision}.json`);

const defNames = (document: Record<string, unknown>) => Object.keys(document.$defs as object);

/** Seeded instances of every definition, generated from a schema document (valid or nearly so). */
function generated(document: Record<string, unknown>, origin: string): Case[] {
  const defs = document.$defs as Record<string, unknown>;
  return defNames(document).flatMap((def) =>
    [1, 2].map((seed) => ({
      def,
      label: `generated from ${origin} (seed ${seed})`,
      value: generateSync({ $defs: defs, $ref: `#/$defs/${def}` } as never, {
        seed,
        maxDepth: 3,
        maxItems: 2,
        alwaysFakeOptionals: seed === 2,
        fillProperties: false,
      }),
    })),
  );
}

/** Unmutated inputs: examples of defs the revision has, hand-written samples, generated instances. */
export function baseCases(revision: Revision): Case[] {
  const official = officialSchema(revision);
  const names = new Set(defNames(official));
  const examples = officialExamples('2026-07-28')
    .filter((e) => names.has(e.def))
    .map((e) => ({ def: e.def, label: `example ${e.file}`, value: e.value }));
  const samples = revision === '2025-11-25' ? SAMPLES_2025_11_25 : SAMPLES_2026_07_28;
  return [
    ...examples,
    ...samples.map((s) => ({ ...s, label: `sample ${s.label}` })),
    ...generated(official, 'official'),
    ...generated(revisionSchemaDocument(revision), 'ours'),
  ];
}

export interface Comparison {
  compared: number;
  acceptedByOfficial: number;
  disagreements: Disagreement[];
}

/**
 * Every base case and each of its mutations against its own definition, and every example and sample
 * (unmutated) against every definition of the revision.
 */
export function compare(revision: Revision, ours: Verdict, official: Verdict, cases = baseCases(revision)): Comparison {
  const out: Comparison = { compared: 0, acceptedByOfficial: 0, disagreements: [] };
  const check = (c: Case) => {
    const o = ours(c.def, c.value);
    const r = official(c.def, c.value);
    out.compared++;
    if (r) out.acceptedByOfficial++;
    if (o !== r) out.disagreements.push({ ...c, ours: o, official: r });
  };
  const allDefs = defNames(officialSchema(revision));
  for (const c of cases) {
    check(c);
    for (const m of mutations(c.value)) check({ def: c.def, label: `${c.label}: ${m.label}`, value: m.value });
    if (!c.label.startsWith('generated'))
      for (const def of allDefs) if (def !== c.def) check({ ...c, def, label: `${c.label} as ${def}` });
  }
  return out;
}

export function describeDisagreement(d: Disagreement): string {
  const verdict = (v: boolean) => (v ? 'accepts' : 'rejects');
  return `${d.def} [${d.label}]: ours ${verdict(d.ours)}, official ${verdict(d.official)}: ${JSON.stringify(d.value).slice(0, 200)}`;
}
