// {src}, {out}, {port} and {issuer} in lab.json argv lists and URLs, replaced by their values.
export type PlaceholderValues = Partial<Record<'src' | 'out' | 'port' | 'issuer', string>>;

/** Replaces every {name} with its value; a placeholder without a value is an error, never left in. */
export function expand(text: string, values: PlaceholderValues): string {
  return text.replace(/\{([^{}]*)\}/g, (whole, name: string) => {
    const value = values[name as keyof PlaceholderValues];
    if (value === undefined) throw new Error(`no value for placeholder ${whole} in "${text}"`);
    return value;
  });
}

export const expandArgv = (argv: string[], values: PlaceholderValues): string[] =>
  argv.map((part) => expand(part, values));
