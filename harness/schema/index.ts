// Our own MCP JSON Schemas (2026-07-28, 2025-11-25) and the wire validator built on them.
export { revisionSchemaDocument } from './document.js';
export { clientRequestMethods, resultDefFor, serverNotificationMethods } from './routes.js';
export type { SchemaSource } from './source.js';
export { createWireValidator } from './validator.js';
export type { SchemaIssue, ValidationOutcome, WireValidator } from './validator.js';
