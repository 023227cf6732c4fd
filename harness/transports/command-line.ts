// Splits a `--stdio` command line into argv without a shell, so the spawned pid is the server
// itself and no shell semantics (globs, $VARS, pipes) surprise the user.

export class CommandLineError extends Error {}

export function splitCommandLine(line: string): string[] {
  const args: string[] = [];
  let current = '';
  let inToken = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else current += char;
      continue;
    }
    if (quote === '"') {
      if (char === '"') quote = undefined;
      else if (char === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1])) current += line[++i];
      else current += char;
      continue;
    }
    if (char === "'" || char === '"') {
      quote = char;
      inToken = true;
    } else if (char === '\\' && i + 1 < line.length) {
      current += line[++i];
      inToken = true;
    } else if (/\s/.test(char)) {
      if (inToken) args.push(current);
      current = '';
      inToken = false;
    } else {
      current += char;
      inToken = true;
    }
  }
  if (quote) throw new CommandLineError(`unterminated ${quote} quote in command line: ${line}`);
  if (inToken) args.push(current);
  if (args.length === 0) throw new CommandLineError('empty command line');
  return args;
}
