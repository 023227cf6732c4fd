import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, describe, expect, test } from 'vitest';
import {
  adoptByCookie,
  COOKIE_VARIABLE,
  extendDescendants,
  killKnown,
  parseStat,
  type ProcStat,
  readProcesses,
  readStat,
} from '../../../harness/transports/descendants.js';

const stat = (pid: number, ppid: number, start: number, extra: Partial<ProcStat> = {}): ProcStat => ({
  pid,
  ppid,
  start,
  state: 'S',
  pgrp: pid,
  session: pid,
  ...extra,
});
const snapshot = (...stats: ProcStat[]) => ({ stats, unread: 0 });
const ROOT = { pid: 100, start: 1000 };

describe('parseStat', () => {
  test('reads the fields after the last ")": a command may hold spaces and parentheses', () => {
    const fields = Array.from({ length: 52 }, (_, i) => String(i + 1));
    fields[2] = 'S';
    fields[3] = '7'; // ppid
    fields[4] = '8'; // pgrp
    fields[5] = '9'; // session
    fields[13] = '20'; // utime
    fields[14] = '9'; // stime
    fields[21] = '123456'; // start time
    const line = `42 (a) b (c)) ${fields.slice(2).join(' ')}\n`;
    expect(parseStat(line)).toEqual({ pid: 42, state: 'S', ppid: 7, pgrp: 8, session: 9, start: 123456, cpu: 29 });
  });

  test('a line that is not a stat line is undefined, not a process', () => {
    expect(parseStat('')).toBeUndefined();
    expect(parseStat('42 (x) S 1 2')).toBeUndefined();
  });
});

describe('extendDescendants', () => {
  test('children and grandchildren of the root are found, other processes are not', () => {
    const known = new Map<number, number>();
    extendDescendants(
      ROOT,
      known,
      snapshot(stat(100, 1, 1000), stat(101, 100, 1001), stat(102, 101, 1002), stat(200, 1, 900), stat(201, 200, 1003)),
      10,
    );
    expect([...known]).toEqual([
      [101, 1001],
      [102, 1002],
    ]);
  });

  test('a descendant seen before its parent exited stays known once reparented to init', () => {
    const known = new Map<number, number>();
    extendDescendants(ROOT, known, snapshot(stat(100, 1, 1000), stat(101, 100, 1001), stat(102, 101, 1002)), 10);
    extendDescendants(ROOT, known, snapshot(stat(100, 1, 1000), stat(102, 1, 1002), stat(103, 102, 1004)), 10);
    expect([...known.keys()].sort()).toEqual([102, 103]);
  });

  test('a known pid now with another start time is another process: dropped, and its children not taken', () => {
    const known = new Map([[102, 1002]]);
    extendDescendants(ROOT, known, snapshot(stat(100, 1, 1000), stat(102, 1, 5000), stat(103, 102, 5001)), 10);
    expect([...known]).toEqual([]);
  });

  test('a process listed under a parent pid but started before that parent is not its child', () => {
    const known = new Map<number, number>();
    extendDescendants(ROOT, known, snapshot(stat(100, 1, 1000), stat(101, 100, 999)), 10);
    expect(known.size).toBe(0);
  });

  test('members of the root’s session or group are found even when reparented before any walk, only while the root is there', () => {
    const inSession = stat(105, 1, 1005, { session: 100, pgrp: 105 });
    const inGroup = stat(106, 1, 1006, { session: 100, pgrp: 100 });
    const known = new Map<number, number>();
    extendDescendants(ROOT, known, snapshot(stat(100, 1, 1000), inSession, inGroup), 10);
    expect([...known.keys()].sort()).toEqual([105, 106]);
    // The root gone, its pid may be another's: session numbers decide nothing.
    const later = new Map<number, number>();
    extendDescendants(ROOT, later, snapshot(stat(100, 1, 7000), inSession, inGroup), 10);
    expect(later.size).toBe(0);
  });

  test('at the exit event (the root reaped, its pid free) its group and session still anchor the walk', () => {
    const member = stat(107, 1, 1007, { session: 100, pgrp: 100 });
    const grandchild = stat(108, 107, 1008);
    const atExit = new Map<number, number>();
    extendDescendants(ROOT, atExit, snapshot(member, grandchild), 10, true);
    expect([...atExit.keys()].sort()).toEqual([107, 108]);
    const later = new Map<number, number>();
    extendDescendants(ROOT, later, snapshot(member, grandchild), 10);
    expect(later.size).toBe(0);
  });

  test('past the cap descendants are counted, not kept', () => {
    const known = new Map<number, number>();
    const children = Array.from({ length: 50 }, (_, i) => stat(200 + i, 100, 1001 + i));
    const notKept = extendDescendants(ROOT, known, snapshot(stat(100, 1, 1000), ...children), 20);
    expect(known.size).toBe(20);
    expect(notKept).toBe(30);
  });

  test('the harness itself and init are never descendants', () => {
    const known = new Map<number, number>();
    const me = stat(process.pid, 100, 1001);
    extendDescendants(ROOT, known, snapshot(stat(100, 1, 1000), me, stat(1, 100, 1002)), 10);
    expect(known.size).toBe(0);
  });
});

// A live tree on Linux: a child that starts a daemon (setsid, /dev/null on 0-2) and exits.
const linux = process.platform === 'linux';
const started: number[] = [];
afterAll(() => {
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already ended */
    }
  }
});

function startTree(env?: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; daemon: number }> {
  const script = `
    const { spawn } = require('node:child_process');
    const d = spawn('sleep', ['60'], { detached: true, stdio: 'ignore' });
    d.unref();
    console.log(d.pid);
    process.stdin.resume().on('end', () => process.exit(0));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'], env });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => {
      const daemon = Number(chunk.toString().trim());
      started.push(daemon);
      resolve({ child, daemon });
    });
    child.once('error', reject);
  });
}

const alive = (pid: number) => {
  const now = readStat(pid);
  return now !== undefined && now.state !== 'Z';
};

describe.runIf(linux)('on a live process tree', () => {
  test('the walk finds a daemon its parent started, keeps it after the parent exits, and kills it', async () => {
    const { child, daemon } = await startTree();
    const root = { pid: child.pid!, start: readStat(child.pid!)!.start };
    const known = new Map<number, number>();
    extendDescendants(root, known, readProcesses(8192), 100);
    expect(known.has(daemon)).toBe(true);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin!.end();
    await exited;
    expect(readStat(daemon)?.ppid).not.toBe(root.pid); // reparented
    extendDescendants(root, known, readProcesses(8192), 100);
    expect(known.has(daemon)).toBe(true);
    const ended = killKnown(known, root.pid);
    expect(ended.map((one) => one.pid)).toEqual([daemon]);
    expect(ended[0].command).toBe('sleep 60');
    for (let i = 0; i < 50 && alive(daemon); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive(daemon)).toBe(false);
  });

  test('a pid whose start time is not the one the walk saw is not killed', async () => {
    const { child, daemon } = await startTree();
    child.stdin!.end();
    const known = new Map([[daemon, readStat(daemon)!.start + 1]]);
    expect(killKnown(known, undefined)).toEqual([]);
    expect(alive(daemon)).toBe(true);
    process.kill(daemon, 'SIGKILL');
  });

  test('a daemon no walk saw before its parent exited is found by the cookie it inherited, and one without it is not', async () => {
    const withCookie = await startTree({ ...process.env, [COOKIE_VARIABLE]: 'c00k1e' });
    const without = await startTree({ ...process.env, [COOKIE_VARIABLE]: 'c00k1e-other' });
    const root = { pid: withCookie.child.pid!, start: readStat(withCookie.child.pid!)!.start };
    for (const { child } of [withCookie, without]) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin!.end();
      await exited;
    }
    const known = new Map<number, number>();
    // The parent is gone and the daemon has its own session: no walk can reach it any more.
    extendDescendants(root, known, readProcesses(8192), 100);
    expect(known.has(withCookie.daemon)).toBe(false);
    expect(adoptByCookie(root, 'c00k1e', known, readProcesses(8192), 100)).toBe(0);
    expect([...known.keys()]).toEqual([withCookie.daemon]);
    expect(killKnown(known, undefined).map((one) => one.pid)).toEqual([withCookie.daemon]);
    process.kill(without.daemon, 'SIGKILL');
  });
});
