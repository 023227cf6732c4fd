// ClientCapabilities of every well-formed shape: any subset of elicitation (form / url modes),
// sampling (tools, context), roots, experimental and extensions, plus keys no revision defines.
import fc from 'fast-check';

const empty = fc.constant({});

export function clientCapabilities(): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(
    {
      elicitation: fc.oneof(
        empty,
        fc.constant({ form: {} }),
        fc.constant({ url: {} }),
        fc.constant({ form: {}, url: {} }),
      ),
      sampling: fc.oneof(
        empty,
        fc.constant({ tools: {} }),
        fc.constant({ context: {} }),
        fc.constant({ tools: {}, context: {} }),
      ),
      roots: fc.oneof(empty, fc.constant({ listChanged: true })),
      experimental: fc.dictionary(fc.constantFrom('com.example/alpha', 'beta'), fc.constant({}), { maxKeys: 2 }),
      extensions: fc.dictionary(fc.constantFrom('com.example/ext', 'io.modelcontextprotocol/tasks'), fc.constant({}), {
        maxKeys: 2,
      }),
      'com.example/custom': fc.jsonValue({ maxDepth: 1 }),
    },
    { requiredKeys: [] },
  );
}
