// undici is loaded on first use: a run against a stdio server never needs it, and loading it is
// about a tenth of the CLI's start-up.
type Undici = typeof import('undici');

let loading: Promise<Undici> | undefined;

export const loadUndici = (): Promise<Undici> => (loading ??= import('undici'));
