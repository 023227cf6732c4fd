// A column's transport, printed once: when two runs of one server needed it in their labels
// ("alpha 1.2.3 (http)"), the page and the console do not repeat it beside the label.
import type { ImplementationColumn } from '../../harness/results/implementation-matrix.js';

/** The transport to print beside the label, or '' when the label already names it. */
export function transportBesideLabel(column: Pick<ImplementationColumn, 'label' | 'transport'>): string {
  return column.label.includes(`(${column.transport})`) ? '' : column.transport;
}
