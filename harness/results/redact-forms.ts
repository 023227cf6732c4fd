// The shapes a server can give a secret it echoes besides the value itself: reversed, percent-
// encoded, base64 and base64url. Inside a larger base64 blob a value's characters depend on its
// byte offset modulo 3, so each alignment adds the run of characters the value alone decides.

/** Base64 characters fully decided by `bytes` when they start `offset` bytes into a blob. */
function alignedRun(bytes: Buffer, offset: number, alphabet: 'base64' | 'base64url'): string {
  const encoded = Buffer.concat([Buffer.alloc(offset), bytes])
    .toString(alphabet)
    .replace(/=+$/, '');
  // A character carries 6 bits: skip those holding any bit of the padding, drop those past the value.
  return encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
}

/** Every other form of `value` worth searching for, without the value itself and without repeats. */
export function derivedForms(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const forms = [
    [...value].reverse().join(''),
    encodeURIComponent(value),
    bytes.toString('base64'),
    bytes.toString('base64url'),
  ];
  for (const alphabet of ['base64', 'base64url'] as const)
    for (const offset of [0, 1, 2]) forms.push(alignedRun(bytes, offset, alphabet));
  return [...new Set(forms)].filter((form) => form !== value);
}
