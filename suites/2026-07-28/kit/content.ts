// What a content block or resource contents entry must be beyond its schema shape: binary data
// in strict base64, MIME types that parse, embedded resources with what prompts require.
import { isObject } from '../../../harness/model.js';
import type { WireValidator } from '../../../harness/schema/index.js';
import { isMimeType, isStrictBase64 } from '../../shared/encodings.js';

export interface ContentRules {
  /** Prompts: an embedded resource MUST carry its MIME type. */
  embeddedNeedsMime?: boolean;
}

const issues = (schema: WireValidator, def: string, value: unknown) => {
  const outcome = schema.validate(def, value);
  return outcome.valid
    ? undefined
    : outcome.issues
        .slice(0, 2)
        .map((i) => `${i.path || '/'} ${i.message}`)
        .join('; ');
};

/** Problems of one resource contents entry (TextResourceContents | BlobResourceContents). */
export function resourceContentsProblems(
  schema: WireValidator,
  entry: unknown,
  where: string,
  rules: ContentRules = {},
): string[] {
  if (!isObject(entry)) return [`${where} is not an object`];
  const problems: string[] = [];
  if ('blob' in entry && !isStrictBase64(entry.blob)) problems.push(`${where}.blob is not strict base64`);
  if (entry.mimeType !== undefined && !isMimeType(entry.mimeType))
    problems.push(`${where}.mimeType ${JSON.stringify(entry.mimeType)} is not a MIME type`);
  if (rules.embeddedNeedsMime && entry.mimeType === undefined) problems.push(`${where} has no mimeType`);
  if (!('text' in entry) && !('blob' in entry)) problems.push(`${where} has neither text nor blob`);
  const def = 'blob' in entry ? 'BlobResourceContents' : 'TextResourceContents';
  const shape = issues(schema, def, entry);
  if (shape && problems.length === 0) problems.push(`${where} is not a ${def} (${shape})`);
  return problems;
}

const BLOCK_DEFS: Record<string, string> = {
  text: 'TextContent',
  image: 'ImageContent',
  audio: 'AudioContent',
  resource_link: 'ResourceLink',
  resource: 'EmbeddedResource',
};

/** Problems of one content block: encoding and MIME syntax first, then its schema shape. */
export function contentBlockProblems(
  schema: WireValidator,
  block: unknown,
  where: string,
  rules: ContentRules = {},
): string[] {
  if (!isObject(block) || typeof block.type !== 'string' || !BLOCK_DEFS[block.type]) {
    return [`${where} is not a ContentBlock (type ${JSON.stringify(isObject(block) ? block.type : block)})`];
  }
  const problems: string[] = [];
  if (block.type === 'image' || block.type === 'audio') {
    if (!isStrictBase64(block.data)) problems.push(`${where} (${block.type}) data is not strict base64`);
    if (!isMimeType(block.mimeType))
      problems.push(`${where} (${block.type}) mimeType ${JSON.stringify(block.mimeType)} is not a MIME type`);
  }
  if (block.type === 'resource')
    problems.push(...resourceContentsProblems(schema, block.resource, `${where}.resource`, rules));
  if (block.type === 'resource_link' && block.mimeType !== undefined && !isMimeType(block.mimeType)) {
    problems.push(`${where} (resource_link) mimeType ${JSON.stringify(block.mimeType)} is not a MIME type`);
  }
  const shape = issues(schema, BLOCK_DEFS[block.type], block);
  if (shape && problems.length === 0) problems.push(`${where} is not a ${BLOCK_DEFS[block.type]} (${shape})`);
  return problems;
}
