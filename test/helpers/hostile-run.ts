// Runs the built `mcp-conform run` against a hostile target and gathers what every such test
// asserts: exit status, time from the target line to exit, peak RSS of the harness, the reports
// it wrote (parsed or checked for shape), and processes left behind (found by a token that the
// test puts on the target's command line).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { expect } from 'vitest';
import { watchPeakRss } from '../../scripts/hostile-rss/peak-rss.js';
import { CLI_BUNDLE } from './fixture-process.js';

export const BIN = CLI_BUNDLE;

/** Waits of half a second for targets meant to stay silent: the run is about the harness, not the answers. */
export const SHORT_WAITS = ['--timeout', '500', '--max-timeout', '500'];

export interface HostileRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** From the harness's first stderr byte (its target line) to exit. */
  seconds: number;
  peakRssMb: number;
  dir: string;
  at: (name: string) => string;
}

export { watchPeakRss };

/** Processes whose command line holds the token (the harness's own excepted when asked). */
export function leftovers(token: string): string[] {
  return execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(token) && !line.includes('ps -eo'));
}

export interface HostileOptions {
  /** Send this signal once `whenStderr` shows on the harness's stderr. */
  signal?: { name: NodeJS.Signals; whenStderr: RegExp };
  /** Outer bound: the harness is killed past it, so a hang fails the test instead of stalling it. */
  killAfterMs?: number;
  /** Lays out files in the run's directory (its working directory) before the run. */
  prepare?: (at: (name: string) => string) => void;
  /** Variables set for the harness, over the test's own environment. */
  env?: Record<string, string>;
}

/** `mcp-conform run --json r.json --junit r.xml --html r.html ARGS` in a fresh directory. */
export async function runHostile(args: string[], options: HostileOptions = {}): Promise<HostileRun> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-conform-hostile2-'));
  const at = (name: string) => path.join(dir, name);
  options.prepare?.(at);
  const started = performance.now();
  const child = execa(
    process.execPath,
    [BIN, 'run', '--json', at('r.json'), '--junit', at('r.xml'), '--html', at('r.html'), ...args],
    {
      reject: false,
      cwd: dir,
      env: { NO_COLOR: '1', ...options.env },
      timeout: options.killAfterMs ?? 150_000,
      killSignal: 'SIGKILL',
      // A signal the test sends is the harness's to handle: no SIGKILL 5 s later on a loaded machine.
      forceKillAfterDelay: false,
    },
  );
  const peak = watchPeakRss(child.pid!);
  let running = started;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (stderr === '') running = performance.now();
    stderr += chunk.toString('utf8');
    if (options.signal && options.signal.whenStderr.test(stderr)) {
      child.kill(options.signal.name);
      options.signal = undefined;
    }
  });
  const result = await child;
  return {
    exitCode: result.exitCode ?? -1,
    stdout: String(result.stdout),
    stderr: String(result.stderr),
    seconds: (performance.now() - running) / 1000,
    peakRssMb: peak(),
    dir,
    at,
  };
}

/** Every report asked for is there and readable: JSON that parses, JUnit that closes, an HTML page that ends. */
export function expectEveryReport(
  run: HostileRun,
  prefix = 'r',
): {
  json: { outcome: string; checks: Array<{ id: string; verdict: string; reason?: string }>; [key: string]: unknown };
  sizes: number[];
} {
  const files = ['json', 'xml', 'html'].map((ext) => run.at(`${prefix}.${ext}`));
  for (const file of files) expect(existsSync(file), `${file} missing; stderr: ${run.stderr.slice(-2000)}`).toBe(true);
  const [json, xml, html] = files.map((file) => readFileSync(file, 'utf8'));
  expect(xml).toMatch(/^<\?xml[\s\S]*<\/testsuites>\s*$/);
  expect(html).toMatch(/^<!doctype html>[\s\S]*<\/html>\s*$/);
  return { json: JSON.parse(json), sizes: [json.length, xml.length, html.length] };
}

/** Every report there and readable, each under `bound` bytes; the results JSON. */
export function expectReportsUnder(run: HostileRun, bound: number): ReturnType<typeof expectEveryReport>['json'] {
  const { json, sizes } = expectEveryReport(run);
  for (const size of sizes) expect(size).toBeLessThan(bound);
  return json;
}

/** No target process left: checked a moment after exit, since a SIGKILLed group takes a tick to go. */
export async function expectNothingLeft(token: string): Promise<void> {
  for (let i = 0; i < 20 && leftovers(token).length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(leftovers(token)).toEqual([]);
}
