// Arguments for a prompt: a string for every required argument, and for some optional ones.
import fc from 'fast-check';

export interface PromptArgument {
  name: string;
  required?: boolean;
}

export function promptArguments(declared: PromptArgument[]): fc.Arbitrary<Record<string, string>> {
  const value = fc.oneof(fc.string({ maxLength: 16 }), fc.constantFrom('mcp-conform', 'a b c', '日本語'));
  const model = Object.fromEntries(declared.map((arg) => [arg.name, value]));
  const required = declared.filter((arg) => arg.required === true).map((arg) => arg.name);
  return fc.record(model, { requiredKeys: required });
}
