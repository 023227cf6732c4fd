// `expect(server).toConform('2026-07-28')`: one assertion for a whole conformance run, for an SDK's or
// a server's own unit tests (an in-process server above all). It passes only when the command line
// would exit 0 on the same run: a skip is not a pass, and a run with no verdicts fails.
import { visibleText } from '../../reports/text.js';
import { isRevision, type Revision } from '../model.js';
import type { CheckResult, RunResults } from '../results/results.js';
import { outcomeText } from '../results/outcome.js';
import type { InProcessServer } from '../transports/in-process-server.js';
import { runConformance, type ConformanceOptions, type ConformanceTarget } from './api.js';

/** What `toConform` accepts: a server object of this process, or any target `runConformance` takes. */
export type ConformanceSubject = InProcessServer | ConformanceTarget;

/** The options of `runConformance` but the target, which is the value under test. */
export type ToConformOptions = Omit<ConformanceOptions, 'target' | 'revisions'>;

/** Failures listed in the message at most; the rest are counted. */
const LISTED = 20;

function targetOf(subject: ConformanceSubject): ConformanceTarget {
  const isServer = typeof (subject as InProcessServer).connect === 'function';
  return isServer ? { inProcess: subject as InProcessServer } : (subject as ConformanceTarget);
}

function revisionsOf(revision: Revision | Revision[] | 'auto' | undefined): Revision[] | 'auto' | undefined {
  if (revision === undefined || revision === 'auto' || Array.isArray(revision)) return revision;
  return isRevision(revision) ? [revision] : revision;
}

/** Each check that did not pass or skip (a warning too: `strict` fails on it), with its spec link. */
function failingLines(results: RunResults): string[] {
  const blocking = (check: CheckResult) => !check.pending && check.verdict !== 'pass' && check.verdict !== 'skip';
  const failing = results.checks.filter(blocking);
  const lines = failing
    .slice(0, LISTED)
    .map((check) => `  ${check.verdict} ${check.level} ${check.id}: ${check.reason ?? ''}\n    ${check.spec}`);
  if (failing.length > LISTED) lines.push(`  ... and ${failing.length - LISTED} more`);
  return lines;
}

function describeRun(results: RunResults): string {
  const { pass, fail, warn, skip } = results.summary;
  const counts = `${pass} pass, ${fail} fail, ${warn} warn, ${skip} skip`;
  const head = `outcome ${outcomeText(results.outcome, results.exitCode)} (${counts})`;
  return [head, ...(results.error ? [results.error] : []), ...failingLines(results)].join('\n');
}

export const conformMatchers = {
  /** Runs the suites against the value; `revision` is one revision, a list, or 'auto' (the default). */
  async toConform(
    this: { isNot: boolean },
    received: ConformanceSubject,
    revision?: Revision | Revision[] | 'auto',
    options: ToConformOptions = {},
  ) {
    const results = await runConformance({ ...options, target: targetOf(received), revisions: revisionsOf(revision) });
    const pass = results.outcome === 'passed';
    const target = results.target.description;
    const message = () =>
      visibleText(
        pass
          ? `expected ${target} not to conform, but the run passed\n${describeRun(results)}`
          : `expected ${target} to conform\n${describeRun(results)}`,
      );
    return { pass, message, actual: results.outcome, expected: 'passed' };
  },
};

declare module 'vitest' {
  // biome-ignore lint/suspicious/noExplicitAny: merged with vitest's own declaration, which reads `T = any`
  interface Matchers<T = any> {
    /** Passes when a conformance run against the server would exit 0 (see mcp-conform/vitest). */
    toConform(revision?: Revision | Revision[] | 'auto', options?: ToConformOptions): Promise<T>;
  }
}
