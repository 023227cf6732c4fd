// Arguments a tool's inputSchema accepts, from json-schema-faker with the seed fast-check draws,
// so the seed (and fast-check's seed and path) replays the same value. Seeds that produce no
// valid object are skipped; a schema for which the first seeds produce none gets no arbitrary.
import fc from 'fast-check';
import { validInputs } from '../schema/valid-inputs.js';

export interface GeneratedArguments {
  /** How the value was made, e.g. "json-schema-faker seed 17". */
  label: string;
  value: Record<string, unknown>;
}

const isArgs = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function validArguments(schema: unknown): fc.Arbitrary<GeneratedArguments> | undefined {
  if (!validInputs(schema, { seed: 1, count: 1, maxAttempts: 8 }).inputs.some((input) => isArgs(input.value)))
    return undefined;
  return fc
    .integer({ min: 1, max: 0x7fffffff })
    .map((seed) => {
      const value = validInputs(schema, { seed, maxAttempts: 2 }).inputs[0]?.value;
      return { label: `json-schema-faker seed ${seed}`, value };
    })
    .filter((made): made is GeneratedArguments => isArgs(made.value));
}
