// The wire log of one fuzz case at a time: a campaign sends thousands of cases on one
// connection, so the log is emptied before each case and holds exactly that case's traffic.
import { WireRecorder } from '../recorder/wire-log.js';

export class CaseRecorder extends WireRecorder {
  /** Forgets everything recorded so far (the budget counters too); sequence numbers keep counting. */
  reset(): void {
    this.entries.length = 0;
    this.keptBytes = 0;
    this.contentDropped = 0;
    this.dropped = 0;
  }
}
