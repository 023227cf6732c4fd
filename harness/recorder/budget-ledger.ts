// What the memory budgets left out, counted by kind: a budget that drops silently would read as a
// server that sent less. The run's notes print it (harness/runner/budget-notes.ts).

export interface BudgetLine {
  /** What was left out, said as the note's subject ("notifications not kept with a request"). */
  what: string;
  count: number;
  bytes: number;
}

export class BudgetLedger {
  private readonly lines = new Map<string, BudgetLine>();

  /** Counts one thing left out, and its size on the wire when known. */
  note(what: string, bytes = 0): void {
    const line = this.lines.get(what) ?? { what, count: 0, bytes: 0 };
    line.count++;
    line.bytes += bytes;
    this.lines.set(what, line);
  }

  entries(): BudgetLine[] {
    return [...this.lines.values()];
  }
}
