// Walking a paginated list again inside a check, with every page checked against its schema.
import type { CheckContext } from '../../../harness/checks/check.js';
import { expectValid, observed } from '../../../harness/checks/expect.js';
import { listAll } from '../../../harness/lifecycles/profile.js';
import type { StatelessClient } from '../../../harness/lifecycles/stateless-client.js';
import type { JsonObject } from '../../../harness/model.js';

/** Every page of `method` must be a valid `def`; returns the items of all pages. */
export async function validatedPages(
  ctx: CheckContext<StatelessClient>,
  method: string,
  key: string,
  def: string,
): Promise<JsonObject[]> {
  const walk = await listAll(ctx.client, method, key);
  if (walk.pages.length === 0)
    ctx.fail(`${method} failed: ${walk.problem ?? 'no page'}`, {
      expected: `a ${def}`,
      actual: observed(walk.exchanges[0]),
    });
  walk.pages.forEach((page, index) => expectValid(ctx.schema, def, page, `page ${index + 1} of ${method}`));
  if (walk.problem) ctx.note(walk.problem);
  return walk.items;
}

/** At most `max` items, noting how many were left out. */
export function bounded<T>(ctx: CheckContext<StatelessClient>, items: T[], max: number, what: string): T[] {
  if (items.length > max) ctx.note(`checking the first ${max} of ${items.length} ${what}`);
  return items.slice(0, max);
}
