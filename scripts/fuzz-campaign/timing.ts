// Time to first finding. A finding in the results carries no time, so it is read from two
// clocks: the console prints one line per property as it ends (the window of a property runs
// from the line before it to its own), and the injector logs each defect it applies. The first
// time the defect was applied inside a window of the property that reports it is when that
// property first met it, i.e. its first failing case (a per-case defect fails every case it is
// applied in); the time is counted from the start of the fuzz command. Without such an entry the
// property's own line (after shrinking) is an upper bound, shown with "<=".

export interface ConsoleLine {
  /** Milliseconds since the fuzz command started. */
  t: number;
  text: string;
}

export interface Injection {
  defect: string;
  /** Epoch ms. */
  at: number;
}

export interface FirstFinding {
  ms: number;
  upperBound: boolean;
}

/** "  ok       2026-07-28/ids/same-id (100 cases, ...)", "  FINDING  <id> after 1 run(s) ...": a property has ended. */
const PROPERTY_LINE = /^ {2}[A-Za-z]+ +(\d{4}-\d{2}-\d{2}\/[\w-]+\/[\w-]+)(?= |$)/;
const BOUNDARY = /^fuzzing |^ {2}[A-Za-z]+ +\d{4}-\d{2}-\d{2}\//;

/** Each property's run windows (ms since start), in console order; a property run again in a later pass has several. */
export function propertyWindows(lines: ConsoleLine[]): Array<{ property: string; start: number; end: number }> {
  const windows: Array<{ property: string; start: number; end: number }> = [];
  let start = 0;
  for (const line of lines) {
    if (!BOUNDARY.test(line.text)) continue;
    const property = PROPERTY_LINE.exec(line.text)?.[1];
    if (property) windows.push({ property, start, end: line.t });
    start = line.t;
  }
  return windows;
}

export function firstFinding(
  property: string,
  defect: string,
  run: { startedAt: number; lines: ConsoleLine[]; injections: Injection[] },
): FirstFinding | undefined {
  const windows = propertyWindows(run.lines).filter((w) => w.property === property);
  if (windows.length === 0) return undefined;
  const times = run.injections.filter((i) => i.defect === defect).map((i) => i.at - run.startedAt);
  for (const w of windows) {
    const first = times.filter((t) => t >= w.start && t <= w.end).sort((a, b) => a - b)[0];
    if (first !== undefined) return { ms: first, upperBound: false };
  }
  return { ms: windows[0].end, upperBound: true };
}
