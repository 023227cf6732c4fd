// What checks read of the transports, handed through the lifecycles so that no check imports a
// transport: the exchange of one request, the keys its ids are matched by, and the words for a
// stdout a server's descendant kept open.
export type { Exchange, FetchedDocument, HttpOutcome } from '../transports/types.js';
export { idKey, looseIdKey } from '../transports/types.js';
export { STDOUT_HELD_OPEN } from '../transports/stdio-connection.js';
