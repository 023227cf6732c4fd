// Case ids carry a placeholder the executor fills with a per-connection counter of the same
// length: cases stay pure (a seed gives the same bytes) yet never reuse an id on one session,
// which 2025-11-25 forbids. Split offsets survive because the length does not change.
import type { FuzzCase, Slot, Step } from './case.js';

export const SALT = '@@salt@@';

export function saltFor(counter: number): string {
  return counter.toString(36).padStart(SALT.length, '0').slice(-SALT.length);
}

function replaceBytes(bytes: Buffer, salt: string): Buffer {
  const from = Buffer.from(SALT);
  const to = Buffer.from(salt);
  const out = Buffer.from(bytes);
  for (let at = out.indexOf(from); at !== -1; at = out.indexOf(from, at + to.length)) to.copy(out, at);
  return out;
}

const fill = (text: string, salt: string) => text.split(SALT).join(salt);

function saltSlot(slot: Slot, salt: string): Slot {
  return {
    ...slot,
    // Descriptions quote the id: they name the one sent, not the placeholder.
    what: fill(slot.what, salt),
    id: typeof slot.id === 'string' ? fill(slot.id, salt) : slot.id,
    idText: slot.idText === undefined ? undefined : fill(slot.idText, salt),
  };
}

function saltStep(step: Step, salt: string): Step {
  const out: Step = { ...step, label: fill(step.label, salt), slots: step.slots.map((slot) => saltSlot(slot, salt)) };
  if (step.text !== undefined) out.text = fill(step.text, salt);
  if (step.base64 !== undefined) out.base64 = replaceBytes(Buffer.from(step.base64, 'base64'), salt).toString('base64');
  return out;
}

/** The case with its placeholder ids made concrete; `salt` kept to show them again. */
export function withSalt(fuzzCase: FuzzCase, salt: string): FuzzCase {
  return { ...fuzzCase, salt, steps: fuzzCase.steps.map((step) => saltStep(step, salt)) };
}

/** How a salted id is shown in a message: the same words for the same case on any connection. */
export const SALT_SHOWN = '<n>';

/** The text with the case's salt shown as SALT_SHOWN (and the bare placeholder too, should one be left). */
export function showSalt(text: string, salt: string | undefined): string {
  const placeholderGone = text.split(SALT).join(SALT_SHOWN);
  return salt === undefined ? placeholderGone : placeholderGone.split(salt).join(SALT_SHOWN);
}
