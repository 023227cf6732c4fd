// A whole 2026-07-28 request `_meta`, every member drawn on its own: version, capabilities,
// client info, log level, extension keys, and where _meta sits.
import fc from 'fast-check';
import type { Field } from '../builders/field.js';
import { clientCapabilitiesField } from './client-capabilities-field.js';
import { clientInfo } from './client-info.js';
import { extensionKeys } from './extension-keys.js';
import { logLevel } from './log-level.js';
import { metaContainer, type MetaContainer } from './meta-container.js';
import { protocolVersion } from './protocol-version.js';

export interface RequestMeta {
  container: MetaContainer;
  protocolVersion: Field;
  clientCapabilities: Field;
  clientInfo: Field;
  logLevel: Field;
  extras: Record<string, unknown>;
}

export function requestMeta(current: string): fc.Arbitrary<RequestMeta> {
  return fc.record({
    container: metaContainer(),
    protocolVersion: protocolVersion(current),
    clientCapabilities: clientCapabilitiesField(),
    clientInfo: clientInfo(),
    logLevel: logLevel(),
    extras: extensionKeys(),
  });
}
