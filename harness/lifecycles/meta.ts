// Per-request `_meta` of 2026-07-28: the keys every request carries, and how a check
// overrides or removes them to send deliberately wrong traffic.
import type { JsonObject } from '../model.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';

export const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
export const CLIENT_CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
export const CLIENT_INFO_KEY = 'io.modelcontextprotocol/clientInfo';
export const LOG_LEVEL_KEY = 'io.modelcontextprotocol/logLevel';
export const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo';
export const SUBSCRIPTION_ID_KEY = 'io.modelcontextprotocol/subscriptionId';

export const HARNESS_CLIENT_INFO = { name: TOOL_NAME, version: TOOL_VERSION };

/** A `_meta` patch: a value sets the key, `undefined` removes it. */
export type MetaPatch = Record<string, unknown>;

export function requestMeta(protocolVersion: string, clientCapabilities: JsonObject = {}): JsonObject {
  return {
    [PROTOCOL_VERSION_KEY]: protocolVersion,
    [CLIENT_CAPABILITIES_KEY]: clientCapabilities,
    [CLIENT_INFO_KEY]: HARNESS_CLIENT_INFO,
  };
}

export function applyPatch(base: JsonObject, patch: MetaPatch | undefined): JsonObject {
  if (!patch) return base;
  const out: JsonObject = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete out[key];
    else out[key] = value;
  }
  return out;
}
