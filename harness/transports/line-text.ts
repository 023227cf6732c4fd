// A stdout line's bytes as text. The bytes arrived, so a fault in their encoding is a finding
// about the line, never a reason to lose the message in it: a UTF-8 byte order mark is dropped,
// invalid UTF-8 is read as U+FFFD, and each fault is named for the wire log.

export interface LineText {
  /** The line without a leading byte order mark. */
  bytes: Uint8Array;
  text: string;
  /** What had to be mended to read the line, for the evidence. */
  faults: string[];
}

// ignoreBOM keeps a mark in the text: only `decodeLine` drops one, and says so.
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });

export const hasByteOrderMark = (bytes: Uint8Array): boolean =>
  bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;

export function decodeLine(line: Uint8Array): LineText {
  const faults: string[] = [];
  let bytes = line;
  // A BOM may start any line: an encoder such as Python's utf-8-sig writes one per message.
  if (hasByteOrderMark(bytes)) {
    bytes = bytes.subarray(3);
    faults.push('UTF-8 byte order mark (EF BB BF) before the line, read without it');
  }
  try {
    return { bytes, text: strict.decode(bytes), faults };
  } catch {
    const at = firstInvalidUtf8(bytes);
    const hex = Buffer.from(bytes.subarray(at, at + 8)).toString('hex');
    // Counted from the line as it came, mark included.
    faults.push(`invalid UTF-8 at byte ${at + line.length - bytes.length} of the line (${hex}...), read as U+FFFD`);
    return { bytes, text: lenient.decode(bytes), faults };
  }
}

/** Offset of the first byte that does not start a well-formed UTF-8 sequence (RFC 3629 table), or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i];
    const tail = lead < 0x80 ? 0 : lead < 0xc2 ? -1 : lead < 0xe0 ? 1 : lead < 0xf0 ? 2 : lead < 0xf5 ? 3 : -1;
    if (tail < 0) return i;
    for (let k = 1; k <= tail; k++) {
      // The second byte's range is narrower after E0, ED, F0 and F4 (no overlongs, surrogates or > U+10FFFF).
      const low = k === 1 && lead === 0xe0 ? 0xa0 : k === 1 && lead === 0xf0 ? 0x90 : 0x80;
      const high = k === 1 && lead === 0xed ? 0x9f : k === 1 && lead === 0xf4 ? 0x8f : 0xbf;
      const next = bytes[i + k];
      if (next === undefined || next < low || next > high) return i;
    }
    i += tail + 1;
  }
  return -1;
}
