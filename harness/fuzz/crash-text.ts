// What a crash finding quotes of the server's stderr: the tail (where a process says why it
// died) and, when a deep stack trace pushes it out of the tail, the first line that names the
// error (`RangeError: Maximum call stack size exceeded`), which the `at ...` frames never do.

const TAIL_LINES = 5;
const TAIL_CHARS = 300;
const LINE_CHARS = 200;

/** Lines that name an error: JS (`TypeError: ...`, `Error [ERR_X]: ...`), Python, Go, Rust, Java. */
const ERROR_LINE =
  /^\s*(?:Uncaught\s+)?(?:(?:[A-Za-z_$][\w$.]*)?(?:Error|Exception)(?::| \[|$)|Exception in thread|panic:|fatal error:|thread '.*' panicked|Traceback \(most recent call last\):)/;

export function stderrExcerpt(stderr: string): string {
  const lines = stderr.trim().split('\n');
  const tailLines = lines.slice(-TAIL_LINES).join('\n');
  const tail = tailLines.length > TAIL_CHARS ? `…${tailLines.slice(-TAIL_CHARS)}` : tailLines;
  const index = lines.findIndex((line) => ERROR_LINE.test(line));
  if (index === -1) return tail;
  const errorLine = lines[index].trim();
  if (index >= lines.length - TAIL_LINES && tail.includes(errorLine)) return tail;
  const head = errorLine.length > LINE_CHARS ? `${errorLine.slice(0, LINE_CHARS - 1)}…` : errorLine;
  return `${head}\n…\n${tail}`;
}
