// Where the spec contradicts itself on the shape of a server message. MCP says every message
// follows JSON-RPC 2.0, which gives an error response "id": null when the request's id could not
// be read and otherwise the request's id as sent; the MCP schema types id as string | integer
// and leaves it out. One rule for every judge: such an issue is warned, never failed.
import { isObject } from '../model.js';

export const NULL_ID_CONTRADICTION =
  'the error carries "id": null: JSON-RPC 2.0 asks for it when the request id could not be read, the MCP schema types id as string | integer and leaves it out (the spec contradicts itself)';
export const ECHOED_ID_CONTRADICTION =
  'the error echoes the id the client sent, as JSON-RPC 2.0 asks, though that id is not a string or integer the MCP schema allows (the spec contradicts itself)';

export const ECHOED_RESULT_ID_CONTRADICTION =
  'the result echoes the id the client sent (a JSON-RPC number MCP does not allow, such as 0.5), as JSON-RPC 2.0 asks of a request it serves, though the MCP schema types id as string | integer (the spec contradicts itself)';

/** Why this message's id is the spec contradicting itself, if it is; `sent` says whether the client sent this id. */
export function idContradiction(message: unknown, sent: (id: unknown) => boolean = () => false): string | undefined {
  if (!isObject(message) || !('id' in message)) return undefined;
  const mcpId = typeof message.id === 'string' || Number.isInteger(message.id);
  // A served request whose id MCP forbids but JSON-RPC 2.0 allows (a number) can only be answered with that id.
  if (isObject(message.result) && !('error' in message))
    return typeof message.id === 'number' && !mcpId && sent(message.id) ? ECHOED_RESULT_ID_CONTRADICTION : undefined;
  if (!isObject(message.error) || 'result' in message) return undefined;
  if (message.id === null) return NULL_ID_CONTRADICTION;
  return !mcpId && sent(message.id) ? ECHOED_ID_CONTRADICTION : undefined;
}

export interface SplitIssues {
  /** Set when some issues are only the spec contradicting itself. */
  contradiction?: string;
  /** Issues that are real breaks of the schema. */
  breaks: string[];
}

/** Schema issues of one server message ("<path> <message>"), split into the spec's contradiction and real breaks. */
export function splitSchemaIssues(
  message: unknown,
  issues: readonly string[],
  sent?: (id: unknown) => boolean,
): SplitIssues {
  const contradiction = idContradiction(message, sent);
  if (!contradiction) return { breaks: [...issues] };
  const breaks = issues.filter((issue) => !/^\/id(\s|$)/.test(issue));
  return breaks.length === issues.length ? { breaks } : { contradiction, breaks };
}

/** The check that sends unparseable bytes, and judges the "id": null of its answer itself. */
const PARSE_ERROR_CHECK = /\/errors\/parse-error$/;
/** The check that sends requests with ids JSON-RPC or MCP forbid, and judges a result served for one itself. */
const INVALID_REQUEST_CHECK = /\/errors\/invalid-request$/;

/**
 * Whether this contradiction is already warned by the check the message answered: a -32700 with
 * "id": null answering errors/parse-error. One finding is warned once, by the check that asked.
 */
export function warnedByItsCheck(message: unknown, checks: readonly string[] | undefined): boolean {
  if (!isObject(message) || message.id !== null || !isObject(message.error) || message.error.code !== -32700)
    return false;
  return (checks ?? []).some((check) => PARSE_ERROR_CHECK.test(check));
}

/**
 * Whether this message is a result served for a malformed request errors/invalid-request sent
 * (an id of 1.5, an object, an array): that check fails or warns the serving, so the id the
 * result echoes is not judged a second time.
 */
export function servedMalformedRequest(message: unknown, checks: readonly string[] | undefined): boolean {
  if (!isObject(message) || !('id' in message) || !('result' in message) || 'error' in message) return false;
  if (typeof message.id === 'string' || Number.isInteger(message.id)) return false;
  return (checks ?? []).some((check) => INVALID_REQUEST_CHECK.test(check));
}
