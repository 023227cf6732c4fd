// Heuristics for what an elicitation must not do, shared by both revisions: ask for secrets in a
// form (URL mode is for that), or send the user to a URL that is plain http or carries secrets.
// Judged by names, so the checks built on them are heuristic and say so.
import { isObject, type JsonObject } from '../../harness/model.js';
import { isLoopbackHost } from './loopback.js';

/** Names and descriptions that ask for a credential or payment secret. */
const SENSITIVE =
  /pass(word|phrase|wd)|secret|api[ _-]?key|access[ _-]?token|auth[ _-]?token|private[ _-]?key|credit[ _-]?card|card[ _-]?number|\bcvv\b|\bpin\b/i;
/** Query or fragment parameters that would carry a credential in a URL. */
const SENSITIVE_PARAMETER = /^(pass|pwd)$|password|passwd|secret|api[_-]?key|token|session|credential/i;

/** Form-mode elicitation params (mode "form" or absent) whose requested fields look like secrets: their names. */
export function sensitiveFormFields(params: JsonObject): string[] {
  if (params.mode === 'url') return [];
  const schema = isObject(params.requestedSchema) ? params.requestedSchema : {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  return Object.entries(properties)
    .filter(([name, property]) =>
      SENSITIVE.test(
        [name, ...(isObject(property) ? [property.title, property.description] : [])]
          .filter((w) => typeof w === 'string')
          .join(' '),
      ),
    )
    .map(([name]) => name);
}

/** Why a URL-mode elicitation's URL is unsafe to send a user to; empty when nothing is seen. */
export function unsafeUrlProblems(url: unknown): string[] {
  if (typeof url !== 'string') return ['the url is not a string'];
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return ['the url is not an absolute URL'];
  }
  const problems: string[] = [];
  if (parsed.protocol !== 'https:' && !isLoopbackHost(parsed.hostname))
    problems.push(
      `scheme ${parsed.protocol.replace(/:$/, '')} on the non-loopback host ${parsed.hostname || '(none)'}: HTTPS expected outside development`,
    );
  if (parsed.username || parsed.password) problems.push('credentials in the URL (user:password@host)');
  const fragment = new URLSearchParams(parsed.hash.replace(/^#/, ''));
  const names = [...parsed.searchParams.keys(), ...fragment.keys()].filter((name) => SENSITIVE_PARAMETER.test(name));
  if (names.length > 0)
    problems.push(`parameter(s) ${[...new Set(names)].join(', ')} look like credentials or a pre-authenticated link`);
  return problems;
}
