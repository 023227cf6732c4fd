// `mcp-conform replay FILE`: re-sends a saved fuzz case, byte for byte, to the server it was
// found on (or the target given), prints what the server answers now, and judges it again.
import { parseOptions } from './parse-options.js';
import { visibleText } from '../../../reports/text.js';
import { CaseFileError, readCaseFile, type CaseFile } from '../../fuzz/case-file.js';
import { stepBytes } from '../../fuzz/case.js';
import { DEFAULT_EXECUTE, type CaseRun } from '../../fuzz/execute.js';
import { brief } from '../../fuzz/judge.js';
import { replayCase, type ReplayOutcome } from '../../fuzz/replay.js';
import type { TargetSpec } from '../../target.js';
import { splitServerArgv, TARGET_OPTIONS, targetFlags, targetFromFlags, UsageError } from './target-options.js';
import { EXIT_FAILED, EXIT_INCONCLUSIVE, EXIT_PASSED, EXIT_USAGE } from '../../results/outcome.js';

export const REPLAY_HELP = `Usage: mcp-conform replay <case.json> [target] [options]

Re-sends the bytes saved in a fuzz case file (written by mcp-conform fuzz under --findings-dir)
exactly as they were sent, prints what the server answers now, and judges the answers by the
same rules. Without a target, the case goes to the server it was found on.

Target (optional, same transport as the case):
  --stdio "<command line>" | --url <url> | -- <command> [args...]
  --cwd <dir>, --env NAME=VALUE, --env NAME, --inherit-env, --header "Name: value"

Options:
  --timeout <ms>   wait this long for each answer (default ${DEFAULT_EXECUTE.timeoutMs})
  -h, --help       show this help

Prints FIXED and exits 0 when the answers break no rule now, so a fixed finding can be closed
by this one command; silence is not a fix (UNDECIDED, exit 4).

Exit status: 0 FIXED, the property holds now; 1 it still fails; 2 usage error, unreadable
file, or the target could not be reached; 4 undecided: no answer in time, which decides nothing.

Examples:
  mcp-conform replay .fuzz/2026-07-28-ids-same-id-seed42-1a2b3c4d.json
  mcp-conform replay .fuzz/2026-07-28-ids-same-id-seed42-1a2b3c4d.json -- node build/server.js
  mcp-conform replay case.json --url http://127.0.0.1:3000/mcp --header "Authorization: Bearer $TOKEN"`;

function savedTarget(file: CaseFile): TargetSpec {
  const saved = file.targetSpec;
  if (!saved)
    throw new UsageError(`${file.id}: the case file names no target; give one (--stdio, --url or -- command)`);
  return saved.kind === 'http'
    ? { kind: 'http', url: saved.url, headers: {} }
    : { kind: 'stdio', command: saved.command, args: saved.args, cwd: saved.cwd, inheritEnv: saved.inheritEnv };
}

function describeRun(run: CaseRun): string[] {
  const lines: string[] = [];
  run.fuzzCase.steps.forEach((step, index) => {
    const bytes = stepBytes(step);
    const shown =
      step.base64 !== undefined
        ? `hex ${bytes.subarray(0, 48).toString('hex')}`
        : JSON.stringify(bytes.toString('utf8').slice(0, 160));
    lines.push(
      `sent ${index + 1}: ${step.label} (${bytes.length} bytes${step.splits?.length ? ` in ${step.splits.length + 1} pieces` : ''}): ${visibleText(shown)}`,
    );
    const post = run.posts[index];
    if (post)
      lines.push(
        `  HTTP ${post.status ?? '-'}${post.contentType ? ` ${post.contentType}` : ''}${post.transportError ? ` (${post.transportError})` : ''}`,
      );
  });
  for (const received of run.received)
    lines.push(
      `received: ${visibleText(brief(received.message))}${'id' in received.message ? ` id ${JSON.stringify(received.message.id)}` : ''}`,
    );
  for (const entry of run.pollution)
    lines.push(`stdout pollution: ${visibleText(JSON.stringify((entry.text ?? '').slice(0, 160)))}`);
  if (run.crash) lines.push(`the server died: ${run.crash.exit}`);
  lines.push(`liveness probe: ${run.probe.description}`);
  return lines;
}

export async function replayCommand(argv: string[]): Promise<number> {
  const { own, serverArgv } = splitServerArgv(argv);
  const { values, positionals } = parseOptions({
    args: own,
    allowPositionals: true,
    options: {
      ...TARGET_OPTIONS,
      timeout: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(REPLAY_HELP + '\n');
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError('replay takes one fuzz case file; try mcp-conform replay --help');
  let file: CaseFile;
  try {
    file = readCaseFile(positionals[0]);
  } catch (error) {
    if (error instanceof CaseFileError) throw new UsageError(error.message);
    throw error;
  }
  const target = targetFromFlags(targetFlags(values, serverArgv)) ?? savedTarget(file);
  if (target.kind !== file.transport)
    throw new UsageError(
      `${file.id} was found over ${file.transport}; its bytes are framed for ${file.transport}, so replay it against a ${file.transport} target`,
    );
  const timeout = values.timeout === undefined ? DEFAULT_EXECUTE.timeoutMs : Number(values.timeout);
  if (!Number.isInteger(timeout) || timeout <= 0)
    throw new UsageError(`--timeout expects a positive integer, got ${JSON.stringify(values.timeout)}`);

  process.stdout.write(
    `replaying ${file.id} (${file.revision}, ${file.transport}; seed ${file.seed}${file.path ? `, path ${file.path}` : ''})\n`,
  );
  const outcome = await replayCase(file, target, { ...DEFAULT_EXECUTE, timeoutMs: timeout });
  if (outcome.unreachable || !outcome.run) {
    process.stderr.write(`mcp-conform: ${outcome.unreachable ?? 'the target could not be started'}\n`);
    return EXIT_USAGE;
  }
  process.stdout.write(describeRun(outcome.run).join('\n') + '\n');
  process.stdout.write(verdictLine(file, outcome) + '\n');
  if (outcome.failures.length > 0) return EXIT_FAILED;
  return outcome.undecided ? EXIT_INCONCLUSIVE : EXIT_PASSED;
}

/** FIXED only when the answers came and broke nothing: no answer in time is silence, never a fix. */
function verdictLine(file: CaseFile, outcome: ReplayOutcome): string {
  if (outcome.failures.length > 0) {
    const broken = outcome.failures.map((f) => `  - ${visibleText(f.message)}\n    ${f.level} ${f.spec}`);
    return [`still failing (${file.property.id}):`, ...broken].join('\n');
  }
  if (outcome.undecided)
    return `UNDECIDED ${file.property.id}: ${visibleText(outcome.undecided)} (silence decides nothing; try a longer --timeout)`;
  return `FIXED ${file.property.id}: the property holds now: ${file.property.title}`;
}
