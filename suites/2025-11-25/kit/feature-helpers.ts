// Helpers of the 2025-11-25 feature checks: list requests both ways, arguments that fit a
// tool's schema, strict base64, and JSON compared regardless of key order.
import { expectResult } from '../../../harness/checks/expect.js';
import { capDurations, sampleArguments } from '../../../harness/lifecycles/sample-requests.js';
import { isObject, type JsonObject } from '../../../harness/model.js';
import { compileSchema, validInputs } from '../../../generators/schema/index.js';
import { isMimeType, isStrictBase64 } from '../../shared/encodings.js';
import type { Ctx } from './helpers.js';

/** The list method answered without params and with `{}`: both are allowed requests. */
export async function listBothWays(ctx: Ctx, method: string): Promise<JsonObject[]> {
  const bare = expectResult(
    await ctx.client.request(method, undefined, { omitParams: true }),
    `a result for ${method} without params`,
  );
  const empty = expectResult(await ctx.client.request(method, {}), `a result for ${method} with params {}`);
  return [bare, empty];
}

/** Arguments the tool's inputSchema accepts: the minimal sample (small numbers keep calls quick), else generated ones. */
export function toolArguments(tool: JsonObject): JsonObject {
  const sample = capDurations(tool.inputSchema, sampleArguments(tool.inputSchema));
  const compiled = compileSchema(tool.inputSchema);
  if (!compiled.ok || compiled.validate(sample)) return sample;
  const generated = validInputs(tool.inputSchema).inputs[0]?.value;
  return isObject(generated) ? capDurations(tool.inputSchema, generated) : sample;
}

/** Content blocks (or resource contents) whose binary payload or MIME type is malformed. */
export function badBase64(blocks: unknown): JsonObject[] {
  const out: JsonObject[] = [];
  for (const block of Array.isArray(blocks) ? blocks.filter(isObject) : []) {
    const binary = block.type === 'image' || block.type === 'audio';
    if (binary && (!isStrictBase64(block.data) || !isMimeType(block.mimeType))) out.push(block);
    const embedded = isObject(block.resource) ? block.resource : block.type === undefined ? block : undefined;
    if (embedded && 'blob' in embedded && !isStrictBase64(embedded.blob)) out.push(block);
  }
  return out;
}
