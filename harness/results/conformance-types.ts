// The shape of the conformance statement in the results JSON (conformance.ts computes it).
import type { Revision, Verdict } from './vocabulary.js';

export type ConformanceStatus = 'conformant' | 'not-conformant' | 'inconclusive' | 'not-tested';

export interface ConformanceItem {
  id: string;
  verdict: Verdict;
  reason?: string;
}

export interface ConformanceScope {
  status: ConformanceStatus;
  /** MUST checks that reached a verdict other than skip. */
  applicable: number;
  /** Of those, how many passed (a warning on a MUST, where the spec contradicts itself, breaks nothing). */
  passed: number;
  failures: ConformanceItem[];
  /** error and unstable verdicts: the server's behaviour could not be established. */
  inconclusive: ConformanceItem[];
  skipped: ConformanceItem[];
}

export interface CapabilityConformance extends ConformanceScope {
  capability: string;
}

export interface RevisionConformance {
  revision: Revision;
  core: ConformanceScope;
  /** One per capability of the table the server declares in this revision, in the table's order. */
  extended: CapabilityConformance[];
  /** Set when the revision could not be run. */
  error?: string;
  /** One line: "2026-07-28: Core conformant; tools + resources conformant; prompts: 2 failures". */
  statement: string;
}

export interface ConformanceStatement {
  revisions: RevisionConformance[];
  /** Why the run covers only part of the suites (a selection, a shard): no full claim is made. */
  partial?: string;
}
