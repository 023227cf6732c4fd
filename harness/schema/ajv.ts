// Ajv 2020-12 with formats. Both packages are CommonJS; under NodeNext their default import is the
// module object, so take `.default` when present (also what Node hands us at run time).
import ajvModule from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';

type AjvClass = typeof ajvModule.default;
export type Ajv = InstanceType<AjvClass>;
export type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';

const Ajv2020: AjvClass =
  (ajvModule as unknown as { default?: AjvClass }).default ?? (ajvModule as unknown as AjvClass);
const addFormats: typeof formatsModule.default =
  (formatsModule as unknown as { default?: typeof formatsModule.default }).default ??
  (formatsModule as unknown as typeof formatsModule.default);

export function createAjv(): Ajv {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv;
}
