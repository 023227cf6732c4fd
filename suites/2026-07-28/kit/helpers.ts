// Small helpers the 2026-07-28 checks share.
import { offers, type ServerProfile } from '../../../harness/lifecycles/profile.js';
import type { StatelessClient } from '../../../harness/lifecycles/stateless-client.js';
import type { JsonObject } from '../../../harness/model.js';
import type { Exchange } from '../../../harness/lifecycles/exchange.js';
import { answerRequired, fenceBeforeIdlessAnswer, type ProvingContext } from '../../shared/barrier.js';

/** A paginated list the server offers: its method, the result key, and what names an item. */
export interface OfferedList {
  method: string;
  key: string;
  itemKey: string;
}

const LISTS: Array<OfferedList & { capability: 'tools' | 'resources' | 'prompts' }> = [
  { capability: 'tools', method: 'tools/list', key: 'tools', itemKey: 'name' },
  { capability: 'resources', method: 'resources/list', key: 'resources', itemKey: 'uri' },
  { capability: 'resources', method: 'resources/templates/list', key: 'resourceTemplates', itemKey: 'uriTemplate' },
  { capability: 'prompts', method: 'prompts/list', key: 'prompts', itemKey: 'name' },
];

export function offeredLists(profile: ServerProfile): OfferedList[] {
  return LISTS.filter((list) => offers(profile, list.capability)).map(({ method, key, itemKey }) => ({
    method,
    key,
    itemKey,
  }));
}

/**
 * Sends a message object as raw bytes (stdio: one line, after a fence), with the headers its body
 * implies; its answer is required, so silence the server is proven to have chosen is conclusive.
 */
export async function sendAsRaw(
  ctx: ProvingContext<StatelessClient>,
  message: JsonObject,
  options: { timeoutMs?: number } = {},
): Promise<Exchange> {
  const { client } = ctx;
  await fenceBeforeIdlessAnswer(client, 'a malformed request');
  const text = JSON.stringify(message) + (client.transport === 'stdio' ? '\n' : '');
  return answerRequired(ctx, 'the malformed request', () =>
    client.sendRaw(text, { headers: client.headersFor(message), expectResponse: true, timeoutMs: options.timeoutMs }),
  );
}
