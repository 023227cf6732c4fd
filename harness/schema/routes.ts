// Which definition describes which wire message, read from a schema document (ours or an official one):
// the message unions (ClientRequest, ServerNotification...) and each definition's `method` const.
import type { Revision } from '../model.js';
import { builtinDocument } from './document.js';

type Defs = Record<string, Record<string, any>>;

export interface ClientRequestRoute {
  request: string;
  /** Result definition, e.g. ListToolsResult (EmptyResult when the revision has no dedicated one). */
  result?: string;
  /** Whole-response definition, e.g. ListToolsResultResponse (2026-07-28 only). */
  response?: string;
  /** Result of a task-augmented request (2025-11-25: CreateTaskResult). */
  taskResult?: string;
}

export interface Routes {
  clientRequests: Map<string, ClientRequestRoute>;
  serverRequests: Map<string, string>;
  /** Server notifications first, then client ones (cancellation goes both ways). */
  notifications: Map<string, string>;
  serverNotificationMethods: string[];
  /** error.code -> definition of the whole error response. */
  errorCodes: Map<number, string>;
}

const refName = (schema: unknown): string | undefined => {
  const ref = (schema as { $ref?: unknown } | undefined)?.$ref;
  return typeof ref === 'string' ? ref.slice(ref.lastIndexOf('/') + 1) : undefined;
};

/** Members of a union definition (anyOf of refs, or a single ref); [] when the definition is absent. */
function members(defs: Defs, union: string): string[] {
  const def = defs[union];
  if (!def) return [];
  const single = refName(def);
  if (single) return [single];
  return ((def.anyOf as unknown[]) ?? []).map(refName).filter((n): n is string => n !== undefined);
}

const methodOf = (defs: Defs, name: string): string | undefined => {
  const value = defs[name]?.properties?.method?.const;
  return typeof value === 'string' ? value : undefined;
};

function byMethod(defs: Defs, unions: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of unions.flatMap((u) => members(defs, u))) {
    const method = methodOf(defs, name);
    if (method && !out.has(method)) out.set(method, name);
  }
  return out;
}

function errorCodeOf(def: Record<string, any>): number | undefined {
  const parts = (def.properties?.error?.allOf as Record<string, any>[] | undefined) ?? [];
  const code = parts.map((p) => p?.properties?.code?.const).find((c) => typeof c === 'number');
  return code as number | undefined;
}

export function routesOf(document: Record<string, unknown>): Routes {
  const defs = (document.$defs ?? {}) as Defs;
  const clientRequests = new Map<string, ClientRequestRoute>();
  for (const [method, request] of byMethod(defs, ['ClientRequest'])) {
    const stem = request.replace(/Request$/, '');
    const result = defs[`${stem}Result`] ? `${stem}Result` : defs.EmptyResult ? 'EmptyResult' : undefined;
    const response = defs[`${stem}ResultResponse`] ? `${stem}ResultResponse` : undefined;
    const params = defs[refName(defs[request]?.properties?.params) ?? ''];
    const taskResult = params?.properties?.task && defs.CreateTaskResult ? 'CreateTaskResult' : undefined;
    clientRequests.set(method, { request, result, response, taskResult });
  }
  const serverNotifications = byMethod(defs, ['ServerNotification']);
  const errorCodes = new Map<number, string>();
  for (const [name, def] of Object.entries(defs)) {
    const code = errorCodeOf(def);
    if (code !== undefined) errorCodes.set(code, name);
  }
  return {
    clientRequests,
    serverRequests: byMethod(defs, ['ServerRequest']),
    notifications: byMethod(defs, ['ServerNotification', 'ClientNotification']),
    serverNotificationMethods: [...serverNotifications.keys()],
    errorCodes,
  };
}

const builtinRoutes = new Map<Revision, Routes>();
export function routesFor(revision: Revision): Routes {
  let routes = builtinRoutes.get(revision);
  if (!routes) builtinRoutes.set(revision, (routes = routesOf(builtinDocument(revision))));
  return routes;
}

/** Name of the result definition of a client request method; undefined if the revision has no such method. */
export function resultDefFor(revision: Revision, method: string): string | undefined {
  return routesFor(revision).clientRequests.get(method)?.result;
}

/** Methods the client may send in a revision (from ClientRequest). */
export function clientRequestMethods(revision: Revision): string[] {
  return [...routesFor(revision).clientRequests.keys()];
}

/** Notification methods the server may send (from ServerNotification). */
export function serverNotificationMethods(revision: Revision): string[] {
  return [...routesFor(revision).serverNotificationMethods];
}
