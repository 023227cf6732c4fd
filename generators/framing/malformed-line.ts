// One line that is not a well-formed message, made from a well-formed request: cut short, with
// bytes that are not UTF-8, behind a byte order mark, or replaced by non-object JSON, a batch
// (an array of requests; MCP has no batches) or text that is not JSON.
import fc from 'fast-check';
import { garbageLine } from './garbage-line.js';
import { invalidUtf8, type InvalidUtf8 } from './invalid-utf8.js';
import { nonObjectJson } from './non-object-json.js';
import { truncation } from './truncation.js';

export type Malformation =
  | { kind: 'truncated'; at: number }
  | { kind: 'invalid-utf8'; insert: InvalidUtf8 }
  | { kind: 'bom' }
  | { kind: 'non-object'; text: string }
  | { kind: 'batch'; size: number }
  | { kind: 'garbage'; text: string };

export function malformedLine(): fc.Arbitrary<Malformation> {
  return fc.oneof(
    truncation().map((at): Malformation => ({ kind: 'truncated', at })),
    invalidUtf8().map((insert): Malformation => ({ kind: 'invalid-utf8', insert })),
    fc.constant<Malformation>({ kind: 'bom' }),
    nonObjectJson().map((text): Malformation => ({ kind: 'non-object', text })),
    fc.integer({ min: 0, max: 3 }).map((size): Malformation => ({ kind: 'batch', size })),
    garbageLine().map((text): Malformation => ({ kind: 'garbage', text })),
  );
}
