// Secrets out of the reports: a server can echo its environment (stdio servers inherit ours) or
// the headers we sent, and reports are uploaded as artifacts. Every string of the results is
// searched for the values of secret-looking variables, of --env/--header and of the target URL's
// credentials, and each is replaced; so is the password of any URL (`scheme://user:pass@`, `?password=`).
import type { RunResults } from './results.js';
import { redactUrlCredentials, urlSecrets } from './redact-url.js';

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

/** The secret-looking variables of `env`, every value passed with --env / --header (a header's credential too), the target URL's credentials, and any others named (the run's tokens). */
export function secretsFrom(
  env: NodeJS.ProcessEnv,
  passed: { env?: Record<string, string>; headers?: Record<string, string>; url?: string; others?: Secret[] } = {},
): Secret[] {
  const secrets: Secret[] = [];
  for (const [name, value] of Object.entries(env)) if (value && SECRET_NAME.test(name)) secrets.push({ name, value });
  for (const [name, value] of Object.entries(passed.env ?? {})) secrets.push({ name, value });
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

/** Replaces every secret (as is, and as it appears inside JSON text), and every URL's credentials, in every string of `value`. */
export function redactor(secrets: Secret[]) {
  const forms = secrets.flatMap((secret) => {
    const escaped = JSON.stringify(secret.value).slice(1, -1);
    return escaped === secret.value
      ? [{ ...secret, form: secret.value }]
      : [
          { ...secret, form: secret.value },
          { ...secret, form: escaped },
        ];
  });
  const found = new Set<string>();
  let occurrences = 0;
  const note = (name: string) => {
    occurrences += 1;
    found.add(name);
  };
  const text = (input: string): string => {
    let out = input;
    for (const { name, form } of forms) {
      if (!out.includes(form)) continue;
      const parts = out.split(form);
      occurrences += parts.length - 1;
      found.add(name);
      out = parts.join(`[redacted:${name}]`);
    }
    return redactUrlCredentials(out, note);
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
