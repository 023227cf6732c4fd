// Split points as fractions of a length, so one arbitrary serves payloads of any size and shrinks
// toward fewer, earlier cuts; the byte offsets come out at plan time.

export function cutsAt(length: number, fractions: readonly number[]): number[] {
  if (length < 2) return [];
  const offsets = fractions.map((f) => 1 + Math.floor(Math.min(Math.max(f, 0), 0.999999) * (length - 1)));
  return [...new Set(offsets)].sort((a, b) => a - b);
}
