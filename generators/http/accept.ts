// Accept values a conforming client may send with a request: both application/json and
// text/event-stream listed, in either order, with or without quality values, separated with or
// without spaces, sometimes with a wildcard after them. Shrinks toward the spelling clients use.
import fc from 'fast-check';

export interface AcceptSpelling {
  streamFirst: boolean;
  /** q parameters on the two types, e.g. ';q=0.9' (empty: none). */
  jsonQ: string;
  streamQ: string;
  separator: string;
  wildcard: boolean;
}

const Q_VALUES = ['', ';q=1', ';q=1.0', ';q=0.9', ';q=0.5', '; q=0.8'];

export function acceptSpelling(): fc.Arbitrary<AcceptSpelling> {
  return fc.record({
    streamFirst: fc.boolean(),
    jsonQ: fc.constantFrom(...Q_VALUES),
    streamQ: fc.constantFrom(...Q_VALUES),
    separator: fc.constantFrom(', ', ',', ' , ', ',  '),
    wildcard: fc.boolean(),
  });
}

export function acceptValue(spelling: AcceptSpelling): string {
  const json = `application/json${spelling.jsonQ}`;
  const stream = `text/event-stream${spelling.streamQ}`;
  const listed = spelling.streamFirst ? [stream, json] : [json, stream];
  return [...listed, ...(spelling.wildcard ? ['*/*;q=0.1'] : [])].join(spelling.separator);
}
