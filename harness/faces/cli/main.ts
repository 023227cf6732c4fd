// The mcp-conform command line: a tiny subcommand switch over node:util parseArgs. Each command
// is loaded when asked for, so --version and --help start without loading the engine.
import { TOOL_VERSION } from '../../version.js';
import { UsageError } from './target-options.js';

export const MAIN_HELP = `Usage: mcp-conform <command> [options]

Conformance tests for Model Context Protocol servers (revisions 2026-07-28 and 2025-11-25).

Commands:
  run       test a server (stdio command or Streamable HTTP URL) and report verdicts
  list      list every check: id, level, revision, spec link; --requirements: the
            requirement index and what covers each row (no server needed)
  report    render HTML/JUnit from a results file; \`report merge\` joins shard results
  diff      compare two results files: regressions, fixes, new checks
  fuzz      property-based fuzzing of a live server; findings replay in one command
  replay    re-send a saved fuzz case (.fuzz/*.json) and judge the answers again
  help      show this help; \`mcp-conform <command> --help\` for a command

Options:
  -v, --version   print the version

Exit status: 0 pass, 1 a check failed, 2 usage error or unreachable target, 3 harness
error (mcp-conform itself failed; what it could still do is done), 4 inconclusive (nothing
failed, but a check could not come to a verdict), 5 not applicable (nothing but skips).`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'run':
        return await (await import('./run-command.js')).runCommand(rest);
      case 'list':
        return await (await import('./list-command.js')).listCommand(rest);
      case 'report':
        return await (await import('./report-command.js')).reportCommand(rest);
      case 'diff':
        return await (await import('./diff-command.js')).diffCommand(rest);
      case 'fuzz':
        return await (await import('./fuzz-command.js')).fuzzCommand(rest);
      case 'replay':
        return await (await import('./replay-command.js')).replayCommand(rest);
      case undefined:
      case 'help':
      case '-h':
      case '--help':
        process.stdout.write(MAIN_HELP + '\n');
        return command === undefined ? 2 : 0;
      case '-v':
      case '--version':
        process.stdout.write(`${TOOL_VERSION}\n`);
        return 0;
      default:
        throw new UsageError(`unknown command ${JSON.stringify(command)}; try mcp-conform --help`);
    }
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      // A config file can have several problems: each is its own line.
      for (const line of (error as Error).message.split('\n')) process.stderr.write(`mcp-conform: ${line}\n`);
      return 2;
    }
    throw error;
  }
}
