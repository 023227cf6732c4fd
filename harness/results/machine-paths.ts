// Absolute paths of the machine that ran or rendered a matrix say nothing to its readers and
// leak its layout: a path under the working directory becomes relative to it, any other
// absolute path its last segment (`/usr/bin/node` reads `node`).
import path from 'node:path';

// An absolute path starts a word or follows `=` (`--config=/x/y`); it runs to the next space.
const ABSOLUTE = /(^|[\s="'])(\/[^\s"']+)/g;

export function withoutMachinePaths(text: string, cwd: string = process.cwd()): string {
  return text.replace(ABSOLUTE, (_all, before: string, absolute: string) => `${before}${shorten(absolute, cwd)}`);
}

function shorten(absolute: string, cwd: string): string {
  const relative = path.relative(cwd, absolute);
  if (relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)) return relative;
  return path.basename(absolute) || absolute;
}
