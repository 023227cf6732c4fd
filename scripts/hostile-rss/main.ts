// scripts/hostile-rss: the peak memory of the harness against each hostile server, the figure the
// README's Reliability section states. Each case is a whole `mcp-conform run` (both revisions
// unless the case is about one) with half-second waits; the harness's own VmHWM is polled every
// 20 ms. Prints one line per case and exits 1 when a case passes --bound (default 300 MB).
//   npm run hostile-rss [-- --only flood --bound 300]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scriptArgs } from '../shared/script-args.js';
import { CASES, fixturePath, type HostileCase } from './cases.js';
import { watchPeakRss } from './peak-rss.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BIN = path.join(ROOT, 'dist/harness/faces/cli/bin.js');
const KILL_AFTER_MS = 300_000;

const USAGE = `usage: npm run hostile-rss [-- --only TEXT --bound MB]
  --only TEXT   only the cases whose name contains TEXT
  --bound MB    exit 1 when a case's peak passes it (default 300)`;

interface Measured {
  peakMb: number;
  exitCode: number | null;
  seconds: number;
  jsonBytes: number;
}

function measure(hostileCase: HostileCase): Promise<Measured> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-conform-hostile-rss-'));
  const json = path.join(dir, 'r.json');
  const args = [
    BIN,
    'run',
    '--json',
    json,
    '--timeout',
    '500',
    '--max-timeout',
    '500',
    ...(hostileCase.runArgs ?? []),
    '--',
    process.execPath,
    fixturePath(ROOT, hostileCase),
    ...hostileCase.args,
  ];
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: dir, stdio: 'ignore', env: { ...process.env, NO_COLOR: '1' } });
  const peak = watchPeakRss(child.pid!);
  const killer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      clearTimeout(killer);
      let jsonBytes = 0;
      try {
        jsonBytes = statSync(json).size;
      } catch {
        // no report: shown as 0
      }
      rmSync(dir, { recursive: true, force: true });
      resolve({ peakMb: peak(), exitCode: code, seconds: (performance.now() - started) / 1000, jsonBytes });
    });
  });
}

async function main(): Promise<void> {
  const options = scriptArgs(USAGE, { only: { type: 'string' }, bound: { type: 'string' } });
  const bound = Number(options.bound ?? 300);
  const cases = CASES.filter((c) => options.only === undefined || c.name.includes(options.only));
  if (cases.length === 0) {
    process.stderr.write(`no case matches ${options.only}\n${USAGE}\n`);
    process.exit(2);
  }
  process.stdout.write(`peak RSS of the harness (VmHWM), ${os.cpus().length} cores, Node ${process.version}\n`);
  let worst = { name: '', peakMb: 0 };
  for (const hostileCase of cases) {
    const m = await measure(hostileCase);
    if (m.peakMb > worst.peakMb) worst = { name: hostileCase.name, peakMb: m.peakMb };
    const over = m.peakMb > bound ? '  OVER' : '';
    process.stdout.write(
      `${hostileCase.name.padEnd(34)} ${m.peakMb.toFixed(0).padStart(5)} MB  exit ${String(m.exitCode).padEnd(4)} ${m.seconds.toFixed(1).padStart(6)} s  json ${(m.jsonBytes / 1e6).toFixed(1)} MB${over}\n`,
    );
  }
  process.stdout.write(`worst: ${worst.name}, ${worst.peakMb.toFixed(0)} MB (bound ${bound} MB)\n`);
  process.exit(worst.peakMb > bound ? 1 : 0);
}

void main();
