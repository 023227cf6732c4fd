// Credentials inside URLs. The target URL is the user's: its userinfo and every query value are
// taken as secrets, since a key can hide under any parameter name (`?k=`, `?sig=`). A URL the
// server writes (a database URL in an error, say) is judged by its shape: the password of its
// userinfo, and the values of query parameters whose names look secret.
/** Query parameter names that carry a credential in a URL someone else wrote. */
const SECRET_PARAMETER =
  /TOKEN|SECRET|KEY|PASSWORD|PASSWD|PASSPHRASE|AUTH|CREDENTIAL|COOKIE|^(pass|pwd|sig|signature)$/i;

/** A URL up to whitespace, quotes, angle brackets or a backslash (the start of a JSON escape). */
const URL_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>\\]+/gi;
/** `scheme://user:password@`: the password is group 2. */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/[^\s/?#@:"'<>\\]*:)([^\s/?#@"'<>\\]+)@/gi;
const QUERY_PAIR = /([?&;])([^=&#\s]+)=([^&#;]+)/g;

/** What redaction writes in place of a secret: a value starting so is redacted already. */
export const ALREADY = '[redacted:';

/** A value to redact and the name the report shows instead (the shape of redact.ts's Secret). */
type NamedValue = { name: string; value: string };

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The value as written in the URL and, when different, as the server may echo it decoded. */
function bothForms(name: string, written: string): NamedValue[] {
  const plain = decoded(written);
  return plain === written
    ? [{ name, value: written }]
    : [
        { name, value: written },
        { name, value: plain },
      ];
}

/** The target URL's secrets: its user and password, and every query value (`URL query <name>`). */
export function urlSecrets(text: string): NamedValue[] {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return [];
  }
  const secrets: NamedValue[] = [];
  // A token alone in the userinfo (`https://TOKEN@host`) is as secret as a password.
  if (url.username) secrets.push(...bothForms('URL user', url.username));
  if (url.password) secrets.push(...bothForms('URL password', url.password));
  for (const pair of url.search.slice(1).split('&')) {
    const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
    if (pair.includes('=') && value) secrets.push(...bothForms(`URL query ${decoded(name)}`, value));
  }
  return secrets;
}

/** The userinfo passwords of the URLs in `text` (`postgres://app:PASSWORD@db`). */
export function urlPasswords(text: string): string[] {
  if (!text.includes('://')) return [];
  return [...text.matchAll(USERINFO)].map((match) => match[2]).filter((value) => !value.startsWith(ALREADY));
}

/** `text` with the credentials of every URL in it replaced; `found` hears each replacement's name. */
export function redactUrlCredentials(text: string, found: (name: string) => void): string {
  if (!text.includes('://')) return text;
  // Query values first: a redacted userinfo holds a space, which ends the URL for the query pass.
  const queried = text.replace(URL_TEXT, (url) =>
    url.replace(QUERY_PAIR, (pair, separator: string, name: string, value: string) => {
      if (!SECRET_PARAMETER.test(name) || value.startsWith(ALREADY)) return pair;
      const label = `URL query ${decoded(name)}`;
      found(label);
      return `${separator}${name}=[redacted:${label}]`;
    }),
  );
  return queried.replace(USERINFO, (whole, prefix: string, password: string) => {
    if (password.startsWith(ALREADY)) return whole;
    found('URL password');
    return `${prefix}[redacted:URL password]@`;
  });
}
