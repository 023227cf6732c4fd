// What a stdio finding depends on: a server that keeps state across requests on one connection
// fails a case only after certain traffic, and a finding that does not say so looks like a false
// alarm when checked by hand on a fresh process. The shrunk case is tried again on fresh
// processes: alone, after the harness's opening, then after the last 1, 2, 4, ... cases that
// came before it; the first that fails the same way is what the finding depends on.
import type { Step } from './case.js';
import { executeCase, type ExecuteOptions } from './execute.js';
import { judgeCase, type JudgeContext } from './judge.js';
import { LiveTarget } from './live-target.js';
import type { CaseFailure } from './case-failure.js';

export interface Dependence {
  /**
   * nothing: fails on a bare process; opening: after the opening only (server/discover or the
   * handshake); discovery: after the harness's whole discovery of the server (the opening and the
   * lists it reads); earlier: after the opening and `prefix`; unknown: never again on a fresh process.
   */
  on: 'nothing' | 'opening' | 'discovery' | 'earlier' | 'unknown';
  /** The cases to send before it (after the opening), oldest first: salted steps as they were sent. */
  prefix?: Step[][];
  /** One line for people. */
  note: string;
}

/** Fresh processes tried at most (alone, after the opening, after discovery, then the doubling prefixes). */
const MAX_TRIES = 10;

/** How a fresh process is readied before the case: nothing sent, the opening only, or the whole discovery. */
export type Readying = 'bare' | 'opening' | 'discovery';

/** A LiveTarget started for one case: the profile learned on a first process, then (bare or opening) a new one. */
export async function readiedTarget(from: LiveTarget['options'], readying: Readying): Promise<LiveTarget | string> {
  const live = new LiveTarget({ ...from });
  const problem = await live.start();
  if (problem) {
    await live.close();
    return problem;
  }
  if (readying !== 'discovery') {
    if (readying === 'bare') live.opening = 'none';
    live.discard();
  }
  return live;
}

export function readyingOf(dependence: Dependence | undefined): Readying {
  if (dependence?.on === 'nothing') return 'bare';
  return dependence?.on === 'opening' || dependence?.on === 'earlier' ? 'opening' : 'discovery';
}

export async function findDependence(
  failure: CaseFailure,
  target: LiveTarget,
  judge: JudgeContext,
  execute: ExecuteOptions,
): Promise<Dependence | undefined> {
  if (target.transport !== 'stdio') return undefined;
  const wanted = failure.failures[0].message;
  const modern = target.options.revision === '2026-07-28';
  const opening = modern ? 'a server/discover request' : 'the initialize handshake';
  const fails = async (readying: Readying, prefix: Step[][]) => {
    const live = await readiedTarget(target.options, readying).catch(() => 'failed to start');
    if (typeof live === 'string') return false;
    try {
      await live.ensure(failure.fuzzCase.sessionCapabilities);
      for (const steps of prefix) await executeCase(live, { steps }, execute);
      const run = await executeCase(live, failure.fuzzCase, execute);
      return judgeCase(run, judge).failures.some((f) => f.message === wanted);
    } catch {
      return false;
    } finally {
      await live.close();
    }
  };
  let tries = 0;
  const tryOnce = (readying: Readying, prefix: Step[][] = []) =>
    tries++ < MAX_TRIES ? fails(readying, prefix) : Promise.resolve(false);
  // 2025-11-25 has no bare form: a session starts with the handshake.
  if (modern && (await tryOnce('bare')))
    return { on: 'nothing', note: 'fails alone on a fresh process, with nothing sent before it' };
  const alone = modern ? 'passes alone on a fresh process; ' : '';
  if (await tryOnce('opening'))
    return { on: 'opening', note: `${alone}fails on a fresh process after ${opening} (what the harness sends first)` };
  if (await tryOnce('discovery'))
    return {
      on: 'discovery',
      note: `${alone}fails on a fresh process only after the harness's discovery of the server (${opening} and the lists it reads)`,
    };
  const before = failure.run.before ?? [];
  let longest = 0;
  for (let count = 1; count <= before.length && tries < MAX_TRIES; count = Math.min(count * 2, before.length)) {
    const prefix = before.slice(-count);
    longest = count;
    if (await tryOnce('opening', prefix))
      return {
        on: 'earlier',
        prefix,
        note: `${alone}fails on a fresh process only after ${opening} and the ${count} case(s) sent before it on the same connection (saved with the case, replayed first)`,
      };
    if (count === before.length) break;
  }
  return {
    on: 'unknown',
    note: `did not fail again on a fresh process (alone, after ${opening}, after the harness's discovery, or after up to ${longest} earlier case(s)): it may depend on timing or on state kept beyond the connection`,
  };
}
