// Schema-driven inputs: what a schema accepts (json-schema-faker, re-validated) and named
// mutations it must reject; plus the static lints the suites apply to server schemas.
export {
  compileSchema,
  SCHEMA_LIMITS,
  type CompiledSchema,
  type SchemaProblem,
  type SchemaProblemKind,
} from './compile.js';
export { dialectOf, SUPPORTED_DIALECTS, type Dialect } from './dialects.js';
export { invalidInputs, type InvalidInput, type InvalidInputs, type MutationKind } from './invalid-inputs.js';
export {
  externalRefs,
  headerAnnotations,
  headerProblems,
  looksSensitive,
  sensitiveHeaders,
  type ExternalRef,
} from './lint.js';
export { validInputs, type ValidInput, type ValidInputs } from './valid-inputs.js';
