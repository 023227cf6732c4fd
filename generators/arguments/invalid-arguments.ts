// Arguments a tool's inputSchema rejects: the named mutations of generators/schema (required,
// type, enum, bounds, pattern, closed properties, prefixItems...) of a base value whose seed
// fast-check draws. Mutation sets are cached per seed; seeds stay in a small range for that.
import fc from 'fast-check';
import { invalidInputs, type InvalidInput } from '../schema/invalid-inputs.js';
import type { GeneratedArguments } from './valid-arguments.js';

export interface InvalidArguments extends GeneratedArguments {
  kind: InvalidInput['kind'];
}

const SEEDS = 32;

/** Undefined when no mutation of the schema's values could be made. */
export function invalidArguments(schema: unknown): fc.Arbitrary<InvalidArguments> | undefined {
  const cache = new Map<number, InvalidInput[]>();
  const mutations = (seed: number) => {
    if (!cache.has(seed))
      cache.set(
        seed,
        invalidInputs(schema, { seed }).inputs.filter(
          (i) => typeof i.value === 'object' && i.value !== null && !Array.isArray(i.value),
        ),
      );
    return cache.get(seed)!;
  };
  const seeds = Array.from({ length: SEEDS }, (_, i) => i + 1);
  if (mutations(1).length === 0) return undefined;
  return fc
    .record({ seed: fc.constantFrom(...seeds), pick: fc.nat() })
    .map(({ seed, pick }) => {
      const all = mutations(seed);
      if (all.length === 0) return undefined;
      const chosen = all[pick % all.length];
      return {
        label: `${chosen.kind}: ${chosen.description} (base seed ${seed})`,
        kind: chosen.kind,
        value: chosen.value as Record<string, unknown>,
      };
    })
    .filter((made): made is InvalidArguments => made !== undefined);
}
