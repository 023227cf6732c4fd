// Test-only fuzz properties of one request per case: the tests of the fuzzer's machinery (budget,
// pre-screen, silence, dependence) say only what each input sends and what the spec would allow.
import fc from 'fast-check';
import type { FuzzCase, Slot } from '../../../harness/fuzz/case.js';
import type { Dialect } from '../../../harness/fuzz/dialect.js';
import { type FuzzEnv, type FuzzPropertyDefinition, fuzzProperty } from '../../../harness/fuzz/property.js';

export interface OneRequest {
  method: string;
  params?: Record<string, unknown>;
  id: string | number;
  allow: Slot['allow'];
  /** Description in messages (default: the method). */
  what?: string;
  /** A tool call that may take long: kept out of the pipelined pre-screen. */
  patient?: boolean;
  /** Client capabilities declared in _meta (2026-07-28). */
  capabilities?: Record<string, unknown>;
}

export const ANY_ANSWER: Slot['allow'] = [{ answer: 'result' }, { answer: 'error' }];

/** The case that sends `request` as this dialect's client would. */
export function oneRequestCase(dialect: Dialect, request: OneRequest): FuzzCase {
  const { message } = dialect.build(request.method, request.params ?? {}, request.id, {
    capabilities: request.capabilities,
  });
  const what = request.what ?? request.method;
  const slot: Slot = { what, id: request.id, method: request.method, allow: request.allow, patient: request.patient };
  return { steps: [{ label: what, text: `${JSON.stringify(message)}\n`, slots: [slot] }] };
}

/** A stdio property whose input is a number from 0 to `max` (default a million) and whose case is one request. */
export function oneRequestProperty(
  slug: string,
  request: (n: number, env: FuzzEnv) => OneRequest,
  max = 1_000_000,
): FuzzPropertyDefinition {
  return fuzzProperty<number>({
    slug,
    title: `test: ${slug}`,
    requirement: 'test only',
    level: 'MUST',
    spec: 'basic',
    transports: ['stdio'],
    arbitrary: () => fc.nat(max),
    plan: (n, env) => oneRequestCase(env.dialect, request(n, env)),
  });
}
