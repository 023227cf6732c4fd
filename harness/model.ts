// Shared vocabulary of the harness: JSON-RPC shapes and features; revisions, levels and verdicts
// come from the results contract (harness/results/vocabulary.ts).
import { isObject } from './results/vocabulary.js';

export {
  REVISIONS,
  TRANSPORTS,
  VERDICTS,
  isObject,
  isRevision,
  type JsonObject,
  type Level,
  type Revision,
  type TransportKind,
  type Verdict,
} from './results/vocabulary.js';

export type JsonRpcId = string | number;

export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

export function isResponse(message: unknown): boolean {
  return isObject(message) && !('method' in message) && ('result' in message || 'error' in message);
}

export function isNotification(message: unknown): boolean {
  return isObject(message) && typeof message.method === 'string' && !('id' in message);
}

export function isRequest(message: unknown): boolean {
  return isObject(message) && typeof message.method === 'string' && 'id' in message;
}

/** Server features a check can depend on; discovered from the server, never assumed. */
export type Feature =
  | 'tools'
  | 'resources'
  | 'resourceTemplates'
  | 'resourceSubscribe'
  | 'prompts'
  | 'completions'
  | 'logging'
  | 'toolsListChanged'
  | 'promptsListChanged'
  | 'resourcesListChanged';
