// What `run` prints on stderr while checks run: the revisions found, then a rewritten counter on
// a TTY, plain lines elsewhere (CI logs), and with --verbose each check's wire transcript.
import { checkLine, styleFor } from '../../../reports/console.js';
import { oneLine, visibleText } from '../../../reports/text.js';
import { entryLine } from '../../../reports/transcript.js';
import type { WireEntry } from '../../recorder/wire-log.js';
import type { ProgressEvents } from '../../runner/settings.js';

export interface ProgressOptions {
  stream: NodeJS.WriteStream;
  /** --quiet: no progress lines (unless --verbose asks for transcripts). */
  quiet: boolean;
  verbose: boolean;
  /** Prefix naming the target when several run one after another. */
  label?: string;
  env?: NodeJS.ProcessEnv;
  /** Replaces secret values in a result before it is printed. */
  redact?: <T>(value: T) => T;
}

/** One wire entry as one escaped line: server bytes never reach the terminal as control codes. */
export function wireLine(entry: WireEntry): string {
  return visibleText(oneLine(entryLine(entry), 400));
}

export function runProgress(options: ProgressOptions): ProgressEvents | undefined {
  const { stream, quiet, verbose } = options;
  if (quiet && !verbose) return undefined;
  const style = styleFor(stream, options.env);
  const prefix = options.label ? `${visibleText(options.label)}: ` : '';
  // A counter rewritten in place only makes sense on a terminal, and not between transcript lines.
  const rewrite = stream.isTTY === true && !verbose;
  return {
    // The revisions found, before their checks run: a reader of a CI log knows what is being tested.
    onRevisionStart: (revision, checkCount) => stream.write(`${prefix}revision ${revision}: ${checkCount} checks\n`),
    onCheckDone: (raw, done, total) => {
      const result = options.redact ? options.redact(raw) : raw;
      const line = `${prefix}[${done}/${total}] ${checkLine(result, style)}`;
      if (rewrite) {
        stream.write(`\r\u001b[2K${line}`.slice(0, (stream.columns ?? 120) + 16));
        if (done === total) stream.write('\r\u001b[2K');
        return;
      }
      const lines = [line];
      if (verbose) {
        for (const entry of result.transcript) lines.push(`    ${wireLine(entry)}`);
        if (result.transcriptDropped) lines.push(`    [... ${result.transcriptDropped} entries not kept ...]`);
      }
      stream.write(lines.join('\n') + '\n');
    },
  };
}
