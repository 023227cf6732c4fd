// A line of text that is not JSON at all: log-like words, stray brackets, control characters.
import fc from 'fast-check';

export function garbageLine(): fc.Arbitrary<string> {
  const words = fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
    .map((text) => text.replace(/[\r\n]/g, ' '));
  return fc
    .oneof(
      fc.constantFrom(
        'hello',
        'Server started on port 3000',
        '{',
        '}',
        '{{}',
        '[',
        'NaN',
        'undefined',
        "{'single': 'quotes'}",
        '\u0001\u0002',
      ),
      words,
    )
    .filter((text) => !parses(text));
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
