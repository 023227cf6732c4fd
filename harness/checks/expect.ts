// Assertions over recorded exchanges. Each failure carries what was expected and what came back.
import { isObject, type JsonObject } from '../model.js';
import { describeOutcome } from '../lifecycles/profile.js';
import type { WireValidator } from '../schema/index.js';
import type { Exchange } from '../transports/types.js';
import { fail } from './outcome.js';

/** A compact, JSON-friendly picture of what an exchange produced. */
export function observed(exchange: Exchange): JsonObject {
  const out: JsonObject = {};
  if (exchange.http) out.httpStatus = exchange.http.status;
  if (exchange.response) out.response = exchange.response;
  else out.outcome = describeOutcome(exchange);
  if (exchange.http?.bodyKind === 'text') out.body = exchange.http.bodyText?.slice(0, 500);
  return out;
}

export function errorOf(exchange: Exchange): { code: unknown; message: unknown; data?: unknown } | undefined {
  const error = exchange.response?.error;
  return isObject(error) ? (error as { code: unknown; message: unknown; data?: unknown }) : undefined;
}

/** The exchange must end in a success response; returns its result object. */
export function expectResult(
  exchange: Exchange,
  what = `a result for ${exchange.method ?? 'the request'}`,
): JsonObject {
  const result = exchange.response?.result;
  if (isObject(result)) return result;
  fail(`expected ${what}, got ${describeOutcome(exchange)}`, { expected: what, actual: observed(exchange) });
}

/** The exchange must end in a JSON-RPC error with one of these codes; returns the error. */
export function expectError(
  exchange: Exchange,
  codes: number | number[],
  what?: string,
): { code: number; message: unknown; data?: unknown } {
  const allowed = Array.isArray(codes) ? codes : [codes];
  const expected = what ?? `JSON-RPC error ${allowed.join(' or ')}`;
  const error = errorOf(exchange);
  if (!error) fail(`expected ${expected}, got ${describeOutcome(exchange)}`, { expected, actual: observed(exchange) });
  if (typeof error.code !== 'number' || !allowed.includes(error.code)) {
    fail(`expected ${expected}, got error ${String(error.code)}`, { expected, actual: observed(exchange) });
  }
  return error as { code: number; message: unknown; data?: unknown };
}

/** The HTTP status must be one of these (ignored on stdio). */
export function expectHttpStatus(exchange: Exchange, statuses: number | number[]): void {
  if (!exchange.http) {
    if (exchange.connection.startsWith('http'))
      fail(`expected HTTP ${String(statuses)}, got ${describeOutcome(exchange)}`, {
        expected: statuses,
        actual: observed(exchange),
      });
    return;
  }
  const allowed = Array.isArray(statuses) ? statuses : [statuses];
  if (!allowed.includes(exchange.http.status)) {
    fail(`expected HTTP status ${allowed.join(' or ')}, got ${exchange.http.status}`, {
      expected: `HTTP ${allowed.join(' or ')}`,
      actual: observed(exchange),
    });
  }
}

/** The value must validate against a definition of the revision's schema. */
export function expectValid(schema: WireValidator, def: string, value: unknown, what = def): void {
  const outcome = schema.validate(def, value);
  if (!outcome.valid) {
    const first = outcome.issues.slice(0, 5).map((issue) => `${issue.path || '/'} ${issue.message}`);
    fail(`${what} does not match the ${def} schema: ${first.join('; ')}`, {
      expected: `a valid ${def}`,
      actual: { value, issues: outcome.issues.slice(0, 20) },
    });
  }
}

/** The server answered at all (no timeout, no transport failure). */
export function expectAnswer(exchange: Exchange): JsonObject {
  if (exchange.response) return exchange.response;
  fail(`expected a JSON-RPC response, got ${describeOutcome(exchange)}`, {
    expected: 'a JSON-RPC response',
    actual: observed(exchange),
  });
}

export function expectThat(
  condition: boolean,
  reason: string,
  evidence?: { expected?: unknown; actual?: unknown },
): asserts condition {
  if (!condition) fail(reason, evidence);
}
