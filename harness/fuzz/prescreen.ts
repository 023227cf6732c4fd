// The pre-screen: the runs fast-check will make for a property, generated ahead with the same seed and
// sent in pipelined batches (stdio); a run found clean there is not sent again, and one found failing
// is run first.
import fc from 'fast-check';
import type { FuzzCase } from './case.js';
import { stepBytes } from './case.js';
import type { JudgeContext } from './judge.js';
import type { LiveTarget } from './live-target.js';
import { BATCH_BYTES, BATCH_CASES, pipelineKeys, screenBatch } from './pipeline.js';
import type { FuzzEnv, FuzzProperty } from './property.js';
import type { ExecuteOptions } from './execute.js';

/** What the pre-screen reads of a property run's options. */
export interface PrescreenOptions {
  seed: number;
  deadline?: number;
  signal?: AbortSignal;
  execute: ExecuteOptions;
}

export interface Prescreened {
  /** By run index: the text and response classes of each input that passed in a batch. */
  passed: Array<{ text: string; classes: string[] } | undefined>;
  /** Run indexes, ascending, whose case the judge failed in a batch (a batch's verdict; run singly to count). */
  flagged: number[];
}

/** Runs pre-screened at most: later runs go singly (the inputs of a batch are held until it is sent). */
export const PRESCREEN_MAX_RUNS = 2000;

/** The inputs fast-check will try, in order (same seed), run in pipelined batches: the text and response classes of each input that passed there, by run index. */
export async function prescreen(
  property: FuzzProperty,
  arbitrary: fc.Arbitrary<unknown>,
  target: LiveTarget,
  env: FuzzEnv,
  runs: number,
  judge: JudgeContext,
  options: PrescreenOptions,
): Promise<Prescreened> {
  const passed: Prescreened['passed'] = [];
  const flagged: number[] = [];
  let index = 0;
  // With a time budget, half of the property's share at most: the runs themselves need the rest.
  const stopAt =
    options.deadline === undefined ? undefined : performance.now() + (options.deadline - performance.now()) / 2;
  let broken = false;
  let eligible = 0;
  const stop = () => broken || options.signal?.aborted === true || (stopAt !== undefined && performance.now() > stopAt);
  interface Batch {
    cases: Array<{ index: number; input: unknown; fuzzCase: FuzzCase }>;
    keys: Set<string>;
    bytes: number;
  }
  // Cases whose ids clash go to different batches (generated ids repeat: 0, 1, "a").
  const open: Batch[] = [];
  const flush = async (batch: Batch) => {
    open.splice(open.indexOf(batch), 1);
    // Too few to gain anything: they run singly as before.
    if (batch.cases.length < 2 || stop()) return;
    let outcome;
    try {
      await target.ensure();
      outcome = await screenBatch(
        target,
        batch.cases.map((c) => c.fuzzCase),
        options.execute,
        judge,
      );
    } catch {
      // The runs themselves meet the same trouble and report it.
      broken = true;
      return;
    }
    batch.cases.forEach((c, k) => {
      if (outcome.passed[k]) passed[c.index] = { text: fc.stringify(c.input), classes: outcome.classes?.[k] ?? [] };
      else if (outcome.failed?.[k]) flagged.push(c.index);
    });
    // Answers may still come for what got none: the next batch or case starts on a fresh connection.
    if (outcome.spoilt) target.discard();
  };
  let skip = 0;
  const collect = async (input: unknown): Promise<void> => {
    const at = index++;
    if (at < skip || stop()) return;
    let fuzzCase: FuzzCase;
    try {
      fuzzCase = property.plan(input, env);
    } catch {
      return;
    }
    const own = pipelineKeys(fuzzCase);
    if (own === undefined) return;
    eligible++;
    const size = fuzzCase.steps.reduce((sum, step) => sum + stepBytes(step).length, 0);
    let batch = open.find((b) => b.bytes + size <= BATCH_BYTES && !own.some((key) => b.keys.has(key)));
    if (!batch) open.push((batch = { cases: [], keys: new Set(), bytes: 0 }));
    batch.cases.push({ index: at, input, fuzzCase });
    for (const key of own) batch.keys.add(key);
    batch.bytes += size;
    if (batch.cases.length >= BATCH_CASES) await flush(batch);
  };
  // The same seed gives the same inputs in the same order as the real run below; its runs check each input's text again.
  const generate = async (numRuns: number) => {
    index = 0;
    const limit = stopAt === undefined ? [] : [fc.interruptAfterTimeLimit(Math.max(1, stopAt - performance.now()))];
    // Its time limit may abandon a batch in flight: that batch must end before anything else is sent.
    let inFlight: Promise<void> | undefined;
    await fc.check(
      fc.asyncProperty(arbitrary, (input) => (inFlight = collect(input))),
      { seed: options.seed, numRuns, plugins: limit },
    );
    await inFlight?.catch(() => undefined);
  };
  // A property whose first cases must all go alone (malformed lines, timed pieces) is not worth generating further ahead.
  const first = Math.min(runs, PRESCREEN_MAX_RUNS, BATCH_CASES);
  await generate(first);
  if (eligible > 0 && runs > first) {
    skip = first;
    await generate(Math.min(runs, PRESCREEN_MAX_RUNS));
  }
  // Most cases first: the leftovers of clashing ids make the small batches.
  for (const batch of [...open].sort((a, b) => b.cases.length - a.cases.length)) await flush(batch);
  return { passed, flagged: flagged.sort((a, b) => a - b) };
}
