// A call of one of the given tools with arguments from the per-tool arbitrary; shrinks toward the
// first tool and simpler arguments.
import fc from 'fast-check';
import type { GeneratedArguments } from './valid-arguments.js';

export interface ToolCallInput<A extends GeneratedArguments = GeneratedArguments> {
  tool: string;
  args: A;
}

/** Undefined when no tool has an arbitrary of arguments. */
export function toolCall<A extends GeneratedArguments>(
  tools: Array<{ name: string; schema: unknown }>,
  argumentsFor: (schema: unknown) => fc.Arbitrary<A> | undefined,
): fc.Arbitrary<ToolCallInput<A>> | undefined {
  const each = tools.flatMap((tool) => {
    const args = argumentsFor(tool.schema);
    return args ? [args.map((made) => ({ tool: tool.name, args: made }))] : [];
  });
  return each.length > 0 ? fc.oneof(...each) : undefined;
}
