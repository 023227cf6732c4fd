// Numbers with a fractional part: JSON-RPC tolerates them, MCP asks for strings or integers.
import fc from 'fast-check';
import { idCase, type IdCase } from '../builders/id-case.js';

export function fractionalId(): fc.Arbitrary<IdCase> {
  return fc
    .oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
      fc.constantFrom(0.5, -1.5, 1e-7, 3.14159),
    )
    .filter((n) => !Number.isInteger(n))
    .map((n) => idCase('fractional', JSON.stringify(n)));
}
