// The lines of a dead server's stderr that say what went wrong: `Error: Cannot find module ...`,
// not the stack frames and runtime banners that follow it.

// Stack frames and runtime noise (Node, Python, Go, Rust, Java) that never name the error.
const NOISE = [
  /^\s+at\s/, // JS / Java frame
  /^\s*File ".*", line \d+/, // Python frame
  /^Traceback \(most recent call last\)/,
  /^Node\.js v\d/,
  /^\s*\^+\s*$/,
  /^\s*throw \w+;?\s*$/,
  /^node:internal\/\S+:\d+$/,
  /^\s*[{}\])]+,?\s*$/,
  /^\s+[a-z]\w*: ['"[{\d]/, // members of an error object dumped by Node (code: 'MODULE_NOT_FOUND',)
  /^goroutine \d+ \[/,
  /^note: run with `RUST_BACKTRACE/,
];

// A line that names an error: `TypeError: ...`, `Error: ...`, `fatal: ...`, `panic: ...`, a Rust panic.
const ERROR_LINE = /(^|\s)([A-Z]\w*)?(Error|Exception)\b:?|^\s*(error|fatal|panic|FATAL|ERROR)\b|panicked at/;

/** At most `max` characters: the error-naming lines first, else the last meaningful lines; ' | ' between. */
export function stderrGist(stderr: string, max = 300): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '');
  const meaningful = lines.filter((line) => !NOISE.some((pattern) => pattern.test(line)));
  const errors = meaningful.filter((line) => ERROR_LINE.test(line));
  const chosen = errors.length > 0 ? errors.slice(0, 3) : (meaningful.length > 0 ? meaningful : lines).slice(-3);
  const text = chosen.map((line) => line.trim()).join(' | ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
