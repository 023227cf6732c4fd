// Capability objects whose members have the wrong JSON type ({"elicitation": "yes"}): an object,
// but not a well-formed ClientCapabilities.
import fc from 'fast-check';
import { wrongJsonType } from '../meta/wrong-json-type.js';

export function oddCapabilities(): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(fc.constantFrom('elicitation', 'sampling', 'roots', 'experimental'), wrongJsonType())
    .map(([key, value]) => ({ [key]: value }));
}
