// Where a matrix cell points: the run's own HTML report (a relative link the command line made
// from a file path) at the check's anchor, else the check's entry on the matrix page itself.
import { anchorId } from '../html/parts.js';

/** A relative link only: a scheme (javascript:, http:), a protocol-relative or a backslashed path is refused. */
export function evidenceHref(link: string | undefined): string | undefined {
  if (link === undefined || link === '') return undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//') || /[\\\s"'<>]/.test(link)) return undefined;
  return link;
}

/** The id of one implementation's entry for a check in the page's details section. */
export function entryId(columnKey: string, checkId: string): string {
  return `e-${columnKey}-${checkId}`;
}

export function detailsId(checkId: string): string {
  return `d-${checkId}`;
}

export function cellHref(report: string | undefined, columnKey: string, checkId: string): string {
  const page = evidenceHref(report);
  return page ? `${page}#${anchorId(checkId)}` : `#${entryId(columnKey, checkId)}`;
}
