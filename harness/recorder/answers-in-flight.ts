// The answers that the checks in flight hold, in wire bytes. A check holds its exchanges until it
// ends: eight checks each holding a 2 MB answer (8 MB of heap apiece) were the peak of a run against
// a server with a giant tools/list. Each check in flight is reckoned to hold at least the largest
// answer the run has seen, since it may ask for the same; the pool starts a further check only when
// that one too fits the bound. Checks already running go on, and one check can always run.

export const MAX_ANSWER_BYTES_IN_FLIGHT = 4 * 1024 * 1024;

export class AnswersInFlight {
  private readonly held = new Map<string, number>();
  /** The largest answer the run has read, whoever asked for it (discovery too). */
  private largest = 0;

  constructor(readonly max = MAX_ANSWER_BYTES_IN_FLIGHT) {}

  /** A check starts: its answers count from now until `close`. */
  open(checkId: string): void {
    if (!this.held.has(checkId)) this.held.set(checkId, 0);
  }

  /** An answer arrived for these checks: it counts once, against the first of them in flight. */
  add(checkIds: readonly string[] | undefined, bytes: number): void {
    this.largest = Math.max(this.largest, bytes);
    const owner = checkIds?.find((id) => this.held.has(id));
    if (owner !== undefined) this.held.set(owner, (this.held.get(owner) ?? 0) + bytes);
  }

  close(checkId: string): void {
    this.held.delete(checkId);
  }

  /**
   * Whether one more check, holding the largest answer seen, fits beside the `running` ones (those
   * let start but not yet opened count as holding the largest answer too).
   */
  admitsAnother(running: number): boolean {
    let reckoned = this.largest * (1 + Math.max(0, running - this.held.size));
    for (const bytes of this.held.values()) reckoned += Math.max(bytes, this.largest);
    return reckoned <= this.max;
  }
}
