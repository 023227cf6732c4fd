// The `_meta` key name rule: an optional prefix of dot-separated labels ending in "/", then a
// name that is empty or starts and ends alphanumeric. Extension identifiers need the prefix.
import { isObject } from '../../harness/model.js';

const LABEL = '[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const NAME = '(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?';
const KEY = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*/)?${NAME}$`);
const PREFIXED_KEY = new RegExp(`^${LABEL}(?:\\.${LABEL})*/${NAME}$`);

export const isValidMetaKey = (key: string) => KEY.test(key);
export const isValidExtensionId = (key: string) => PREFIXED_KEY.test(key);

/** Every key of every `_meta` object anywhere in a message, with the JSON path of its object. */
export function metaKeysIn(value: unknown, path = ''): Array<{ path: string; key: string }> {
  if (Array.isArray(value)) return value.flatMap((item, index) => metaKeysIn(item, `${path}/${index}`));
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const here =
      key === '_meta' && isObject(child)
        ? Object.keys(child).map((name) => ({ path: `${path}/_meta`, key: name }))
        : [];
    return [...here, ...metaKeysIn(child, `${path}/${key}`)];
  });
}
