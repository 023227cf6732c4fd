// The maintenance scripts' command lines: --help prints the usage, and a mistyped option is one
// line and exit 2 with the usage, not a stack trace.
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

export function scriptArgs<T extends Options>(
  usage: string,
  options: T,
  argv: string[] = process.argv.slice(2),
): ReturnType<typeof parseArgs<{ options: T; args: string[] }>>['values'] {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  try {
    return parseArgs({ options, args: argv }).values;
  } catch (error) {
    if (!(error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) throw error;
    process.stderr.write(`${(error as Error).message}\n${usage}\n`);
    process.exit(2);
  }
}
