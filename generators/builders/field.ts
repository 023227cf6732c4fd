// A member a generated object may leave out: `set: false` is absent, which differs from any value
// (null included). Oracles read the value itself, so generators need not label it.

export type Field<T = unknown> = { set: false } | { set: true; value: T };

export const ABSENT: Field<never> = { set: false };

export function present<T>(value: T): Field<T> {
  return { set: true, value };
}

/** Writes the field into an object (or leaves it out). */
export function assignField(target: Record<string, unknown>, key: string, field: Field): void {
  if (field.set) target[key] = field.value;
}
