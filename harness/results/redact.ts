// Secrets out of the reports: a server can echo its environment (what it was given of ours) or
// the headers we sent, and reports are uploaded as artifacts. Every string of the results is
// searched for the values of secret-looking variables (by name, or holding a credential), of
// --env/--header and of the target URL's credentials, as given, reversed or base64-encoded, and
// each is replaced; so is the password of any URL (`scheme://user:pass@`, `?password=`) and the
// value of any `password=`/`key=` pair.
import { derivedForms } from './redact-forms.js';
import { pairValues, redactPairs } from './redact-pairs.js';
import type { RunResults } from './results.js';
import { redactUrlCredentials, urlPasswords, urlSecrets } from './redact-url.js';

/** Names that look secret: *TOKEN*, *SECRET*, *KEY*, *PASSWORD*, *AUTH* and kin. */
export const SECRET_NAME = /TOKEN|SECRET|KEY|PASSWORD|PASSWD|PASSPHRASE|AUTH|CREDENTIAL|COOKIE/i;

/** Shorter values would redact ordinary words and numbers all over the report. */
const MIN_SECRET_LENGTH = 6;

export interface Secret {
  /** The variable or header the value came from; shown in the report, never the value. */
  name: string;
  value: string;
}

export interface Redaction {
  /** Where redacted values came from (variable and header names). */
  names: string[];
  /** How many occurrences were replaced. */
  occurrences: number;
}

export type RedactedResults = RunResults & { redaction?: Redaction };

/** The credentials inside a value: URL passwords and `password=`-style pairs. */
function credentialsIn(name: string, value: string): Secret[] {
  return [...urlPasswords(value), ...pairValues(value)].map((part) => ({ name, value: part }));
}

/** The secret-looking variables of `env` (by name, or by a credential in the value), every value passed with --env / --header (a header's credential too), the target URL's credentials, and any others named (the run's tokens). */
export function secretsFrom(
  env: NodeJS.ProcessEnv,
  passed: { env?: Record<string, string>; headers?: Record<string, string>; url?: string; others?: Secret[] } = {},
): Secret[] {
  const secrets: Secret[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (!value) continue;
    // DATABASE_URL=postgres://app:pass@db: a harmless name, a secret value.
    const credentials = credentialsIn(name, value);
    if (SECRET_NAME.test(name) || credentials.length > 0) secrets.push({ name, value }, ...credentials);
  }
  for (const [name, value] of Object.entries(passed.env ?? {}))
    secrets.push({ name, value }, ...credentialsIn(name, value));
  for (const [name, value] of Object.entries(passed.headers ?? {})) {
    secrets.push({ name: `header ${name}`, value });
    // "Bearer abc...": a server may echo the credential without its scheme.
    const credential = value.match(/^\S+\s+(\S+)$/)?.[1];
    if (credential) secrets.push({ name: `header ${name}`, value: credential });
  }
  if (passed.url) secrets.push(...urlSecrets(passed.url));
  secrets.push(...(passed.others ?? []));
  const usable = secrets.filter((secret) => secret.value.length >= MIN_SECRET_LENGTH);
  // Longest first, so a value that contains another is replaced whole.
  return usable.sort((a, b) => b.value.length - a.value.length);
}

/** Each secret's forms (as is, inside JSON text, and derived), each form once, longest first. */
function searchForms(secrets: Secret[]): Array<{ name: string; form: string }> {
  const byForm = new Map<string, string>();
  for (const { name, value } of secrets)
    for (const form of [value, JSON.stringify(value).slice(1, -1), ...derivedForms(value)])
      if (form.length >= MIN_SECRET_LENGTH && !byForm.has(form)) byForm.set(form, name);
  // Longest first, so a form that contains another is replaced whole.
  return [...byForm].map(([form, name]) => ({ name, form })).sort((a, b) => b.form.length - a.form.length);
}

/** One pattern for all forms: a single pass over a string tells whether it holds any (most hold none). */
function anyForm(forms: Array<{ form: string }>): RegExp | undefined {
  if (forms.length === 0) return undefined;
  return new RegExp(forms.map(({ form }) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));
}

/** Replaces every secret (in each of its forms), every URL's credentials and every credential pair, in every string of `value`. */
export function redactor(secrets: Secret[]) {
  const forms = searchForms(secrets);
  const found = new Set<string>();
  let occurrences = 0;
  const note = (name: string) => {
    occurrences += 1;
    found.add(name);
  };
  const any = anyForm(forms);
  const text = (input: string): string => {
    let out = input;
    if (any?.test(input))
      for (const { name, form } of forms) {
        if (!out.includes(form)) continue;
        const parts = out.split(form);
        occurrences += parts.length - 1;
        found.add(name);
        out = parts.join(`[redacted:${name}]`);
      }
    return redactPairs(redactUrlCredentials(out, note), note);
  };
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, member]) => [text(key), walk(member)]));
    return value;
  };
  return {
    redact: <T>(value: T): T => walk(value) as T,
    get redaction(): Redaction | undefined {
      return occurrences === 0 ? undefined : { names: [...found].sort(), occurrences };
    },
  };
}

/** The results with every secret replaced, and a note of what was redacted when anything was. */
export function redactResults(results: RunResults, secrets: Secret[]): RedactedResults {
  const r = redactor(secrets);
  const redacted = r.redact(results) as RedactedResults;
  const redaction = r.redaction;
  return redaction ? { ...redacted, redaction } : redacted;
}

/** One line for a report: what was redacted, never the values. */
export function redactionNote(results: RunResults): string | undefined {
  const redaction = (results as RedactedResults).redaction;
  if (!redaction) return undefined;
  return `redacted ${redaction.occurrences} occurrence${redaction.occurrences === 1 ? '' : 's'} of secret values (${redaction.names.join(', ')}) from the reports`;
}
