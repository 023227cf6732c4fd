// Validates wire messages against a revision's definitions, choosing the most specific definition.
import { type JsonObject, type Revision, isObject } from '../model.js';
import { type Ajv, type ErrorObject, type ValidateFunction, createAjv } from './ajv.js';
import { type Routes, routesOf } from './routes.js';
import { type SchemaSource, loadSchema, sourceKey } from './source.js';

export interface SchemaIssue {
  /** JSON Pointer into the validated message ('' = the whole message). */
  path: string;
  message: string;
}
export interface ValidationOutcome {
  def: string;
  valid: boolean;
  issues: SchemaIssue[];
}

export interface WireValidator {
  readonly revision: Revision;
  /** Validate a value against one named definition of the revision. Unknown def name -> throws. */
  validate(def: string, value: unknown): ValidationOutcome;
  hasDef(def: string): boolean;
  /** Validate one message sent by the server; `answeredMethod` is the client method a response answers. */
  validateServerMessage(message: unknown, answeredMethod?: string): ValidationOutcome;
}

const MAX_ISSUES = 20;

function detail(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'const':
      return ` (${JSON.stringify(params.allowedValue)})`;
    case 'enum':
      return ` (${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')})`;
    case 'additionalProperties':
      return ` ('${String(params.additionalProperty)}')`;
    default:
      return '';
  }
}

function toIssues(errors: ErrorObject[] | null | undefined, prefix = ''): SchemaIssue[] {
  return (errors ?? [])
    .slice(0, MAX_ISSUES)
    .map((e) => ({ path: prefix + e.instancePath, message: `${e.message ?? e.keyword}${detail(e)}` }));
}

/** Joins outcomes of several definitions checked on one message. */
function combine(outcomes: ValidationOutcome[]): ValidationOutcome {
  const seen = new Set<string>();
  const issues: SchemaIssue[] = [];
  for (const issue of outcomes.flatMap((o) => o.issues)) {
    const key = `${issue.path}\0${issue.message}`;
    if (seen.has(key) || issues.length >= MAX_ISSUES) continue;
    seen.add(key);
    issues.push(issue);
  }
  return { def: outcomes.map((o) => o.def).join('+'), valid: outcomes.every((o) => o.valid), issues };
}

class AjvWireValidator implements WireValidator {
  private readonly ajv: Ajv;
  private readonly defs: Record<string, unknown>;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly routes: Routes;

  constructor(
    readonly revision: Revision,
    private readonly id: string,
    document: Record<string, unknown>,
    origin: string,
  ) {
    this.defs = document.$defs as Record<string, unknown>;
    this.routes = routesOf(document);
    this.ajv = createAjv();
    try {
      this.ajv.addSchema(document);
    } catch (err) {
      throw new Error(`Cannot load schema ${origin}: ${(err as Error).message}`);
    }
  }

  hasDef(def: string): boolean {
    return Object.hasOwn(this.defs, def);
  }

  /** Compiled on first use: a run compiles the definitions its messages need, not all of them. */
  private fn(def: string): ValidateFunction {
    let fn = this.compiled.get(def);
    if (!fn) {
      if (!this.hasDef(def)) throw new Error(`Schema for ${this.revision} has no definition "${def}"`);
      fn = this.ajv.getSchema(`${this.id}#/$defs/${def}`);
      if (!fn) throw new Error(`Cannot compile definition "${def}" of ${this.revision}`);
      this.compiled.set(def, fn);
    }
    return fn;
  }

  validate(def: string, value: unknown, prefix = ''): ValidationOutcome {
    const fn = this.fn(def);
    const valid = fn(value) as boolean;
    return { def, valid, issues: valid ? [] : toIssues(fn.errors, prefix) };
  }

  validateServerMessage(message: unknown, answeredMethod?: string): ValidationOutcome {
    if (!isObject(message)) return this.validate('JSONRPCMessage', message);
    if ('method' in message) {
      if (typeof message.method !== 'string') return this.validate('JSONRPCMessage', message);
      const def =
        'id' in message
          ? (this.routes.serverRequests.get(message.method) ?? 'JSONRPCRequest')
          : (this.routes.notifications.get(message.method) ?? 'JSONRPCNotification');
      return this.validate(this.hasDef(def) ? def : 'JSONRPCMessage', message);
    }
    // The schema's union of result and error responses takes a message with both members as either;
    // JSON-RPC and both revisions (2026-07-28 basic#error-responses, 2025-11-25 basic#result-responses) forbid it.
    if ('result' in message && 'error' in message)
      return combine([this.resultResponse(message, answeredMethod), BOTH_RESULT_AND_ERROR]);
    if ('result' in message) return this.resultResponse(message, answeredMethod);
    if ('error' in message) return this.errorResponse(message);
    return this.validate('JSONRPCMessage', message);
  }

  private resultResponse(message: JsonObject, answeredMethod?: string): ValidationOutcome {
    const route = answeredMethod === undefined ? undefined : this.routes.clientRequests.get(answeredMethod);
    if (route?.response && this.hasDef(route.response)) {
      // The response definitions allow InputRequiredResult, which accepts almost anything; a
      // result that says it is complete must also be the method's own result.
      const whole = this.validate(route.response, message);
      if (!MRTR_METHODS.has(answeredMethod!)) return whole;
      const result = message.result;
      const specific =
        isObject(result) && result.resultType === 'input_required' ? 'InputRequiredResult' : route.result;
      return specific && this.hasDef(specific) ? combine([whole, this.validate(specific, result, '/result')]) : whole;
    }
    const envelope = this.validate('JSONRPCResultResponse', message);
    if (!route?.result || !this.hasDef(route.result)) return envelope;
    // A task-augmented request (2025-11-25) is answered with CreateTaskResult instead of its own result.
    const result = message.result;
    const isTask = isObject(result) && 'task' in result && !('content' in result);
    const def = route.taskResult && isTask && this.hasDef(route.taskResult) ? route.taskResult : route.result;
    return combine([envelope, this.validate(def, result, '/result')]);
  }

  private errorResponse(message: JsonObject): ValidationOutcome {
    const envelope = this.validate('JSONRPCErrorResponse', message);
    const code = isObject(message.error) ? message.error.code : undefined;
    const special = typeof code === 'number' ? this.routes.errorCodes.get(code) : undefined;
    return special && this.hasDef(special) ? combine([envelope, this.validate(special, message)]) : envelope;
  }
}

const BOTH_RESULT_AND_ERROR: ValidationOutcome = {
  def: 'JSONRPCResponse',
  valid: false,
  issues: [{ path: '', message: 'has both result and error: a response carries exactly one of them' }],
};

/** Methods whose result may be an InputRequiredResult (2026-07-28 multi round-trip requests). */
const MRTR_METHODS = new Set(['tools/call', 'resources/read', 'prompts/get']);

const validators = new Map<string, WireValidator>();

/** Cached per (revision, source) in the process: compiling is done once. */
export function createWireValidator(revision: Revision, source: SchemaSource = { kind: 'builtin' }): WireValidator {
  const key = `${revision}\0${sourceKey(source)}`;
  let validator = validators.get(key);
  if (!validator) {
    const { document, id, origin } = loadSchema(revision, source);
    validators.set(key, (validator = new AjvWireValidator(revision, id, document, origin)));
  }
  return validator;
}
