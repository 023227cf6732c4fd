// Finding, copying and building the lab's implementations into the cache. A build is skipped
// when the hash of the folder's files (sources, lock files, lab.json) matches the last good one.
import { createHash } from 'node:crypto';
import {
  accessSync,
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { validateManifest, type LabManifest } from './manifest.js';
import { expandArgv } from './placeholders.js';
import { runBounded } from './processes.js';

export interface Lab {
  manifest: LabManifest;
  /** The implementation's files (copied to {src}); a published server may have none. */
  folder: string;
  /** What else the build depends on: a published server's table entry, which is not in its folder. */
  extraHash?: string;
}

/** Every interop/<id>/lab.json, validated, in id order. */
export function discover(interopDir: string): Lab[] {
  if (!existsSync(interopDir)) return [];
  return readdirSync(interopDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(interopDir, entry.name, 'lab.json')))
    .map((entry) => {
      const folder = path.join(interopDir, entry.name);
      let raw: unknown;
      try {
        raw = JSON.parse(readFileSync(path.join(folder, 'lab.json'), 'utf8'));
      } catch (error) {
        throw new Error(`interop/${entry.name}/lab.json: not JSON (${(error as Error).message})`);
      }
      return { manifest: validateManifest(raw, entry.name), folder };
    })
    .sort((a, b) => a.manifest.id.localeCompare(b.manifest.id));
}

/** The commands of the toolchain that are not on PATH. */
export function missingCommands(commands: string[], pathVariable = process.env.PATH ?? ''): string[] {
  const dirs = pathVariable.split(path.delimiter).filter(Boolean);
  const onPath = (command: string) =>
    dirs.some((dir) => {
      try {
        accessSync(path.join(dir, command), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
  return commands.filter((command) => !onPath(command));
}

// Build output and tool state that may sit in a developer's copy of the folder; never sources.
const IGNORED = new Set(['.git', 'node_modules', 'target', '__pycache__', '.venv', 'venv', 'dist', 'build']);

function filesOf(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !IGNORED.has(entry.name))
    .flatMap((entry) =>
      entry.isDirectory()
        ? filesOf(path.join(dir, entry.name), base)
        : [path.relative(base, path.join(dir, entry.name))],
    )
    .sort();
}

/** Hash of every file's path and content (and `extra`): what a build depends on from the repository. */
export function sourceHash(folder: string, extra = ''): string {
  const hash = createHash('sha256');
  if (extra !== '') hash.update(`${extra}\0`); // a lab's hash stays what it was
  for (const file of existsSync(folder) ? filesOf(folder) : [])
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(folder, file)))
      .update('\0');
  return hash.digest('hex');
}

export interface BuildOutcome {
  built: boolean;
  /** Set when not built: one line, e.g. "go not on PATH" or the failed step. */
  reason?: string;
  reused?: boolean;
  ms: number;
  src: string;
  out: string;
}

const STAMP = '.mcp-conform-build';

/** Copies the folder to <cache>/src/<id> and builds into <cache>/build/<id>, unless already built from the same files. */
export async function build(
  lab: Lab,
  cache: string,
  timeoutMs: number,
  log: (line: string) => void,
): Promise<BuildOutcome> {
  const began = performance.now();
  const { id, toolchain, env } = lab.manifest;
  const src = path.join(cache, 'src', id);
  const out = path.join(cache, 'build', id);
  const result = (fields: Partial<BuildOutcome>): BuildOutcome => ({
    built: false,
    ms: performance.now() - began,
    src,
    out,
    ...fields,
  });
  const missing = missingCommands(toolchain);
  if (missing.length > 0) return result({ reason: `${missing.join(', ')} not on PATH` });
  const hash = sourceHash(lab.folder, lab.extraHash);
  const stamp = path.join(out, STAMP);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash && existsSync(src))
    return result({ built: true, reused: true });
  rmSync(src, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  if (existsSync(lab.folder))
    cpSync(lab.folder, src, { recursive: true, filter: (from) => !IGNORED.has(path.basename(from)) });
  else mkdirSync(src, { recursive: true });
  for (const step of lab.manifest.build) {
    const argv = expandArgv(step, { src, out });
    log(`  ${id}: ${argv.join(' ')}`);
    const finished = await runBounded(argv, { cwd: src, env, timeoutMs });
    if (finished.timedOut || finished.code !== 0) {
      const tail = finished.output.trim().split('\n').slice(-3).join(' | ');
      const how = finished.timedOut
        ? `timed out after ${timeoutMs / 1000} s`
        : `exited ${finished.code ?? finished.signal}`;
      return result({ reason: `${argv[0]} ${how}${tail ? `: ${tail}` : ''}` });
    }
  }
  writeFileSync(stamp, hash);
  return result({ built: true });
}
