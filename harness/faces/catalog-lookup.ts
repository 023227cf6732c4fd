// The requirement index as the run sees it: each result carries the rows its check cites, so the
// reports (which read only the results JSON) can link and summarise them.
import type { Revision } from '../model.js';
import type { CatalogLookup, CatalogRow } from '../results/results.js';
import { REQUIREMENTS, requirementUrl } from '../../suites/requirements.js';

const byRevision = new Map<Revision, Map<string, CatalogRow>>();

export const catalogLookup: CatalogLookup = (revision, id) => {
  let rows = byRevision.get(revision);
  if (!rows) {
    rows = new Map(
      REQUIREMENTS[revision].map((row) => [
        row.id,
        { id: row.id, level: row.level, url: requirementUrl(revision, row), summary: row.summary },
      ]),
    );
    byRevision.set(revision, rows);
  }
  return rows.get(id);
};
