// Which resource updates a run's subscriptions allowed: a notifications/resources/updated is
// sent only for a URI (or a sub-resource of one) in the resourceSubscriptions of a listen
// that was open on the same connection when it arrived.
import { sameIdLoosely, subscriptionTag } from '../../../harness/lifecycles/streams.js';
import { isObject, type JsonObject } from '../../../harness/model.js';
import type { WireEntry } from '../../../harness/recorder/wire-log.js';
import {
  inFlightAt,
  modernConnections,
  sentRequests,
  serverMessages,
  type SentRequest,
} from '../../shared/wire-pairs.js';

export const RESOURCE_UPDATED = 'notifications/resources/updated';

function subscribedUris(listen: SentRequest): string[] {
  const params = isObject(listen.request.params) ? listen.request.params : {};
  const uris = isObject(params.notifications) ? params.notifications.resourceSubscriptions : undefined;
  return Array.isArray(uris) ? uris.filter((uri): uri is string => typeof uri === 'string') : [];
}

/** The schema lets the URI be "a sub-resource" of a subscribed one, without saying how; any extension of it counts. */
const covers = (subscribed: string, uri: string) => uri.startsWith(subscribed);

export interface ResourceUpdate {
  entry: WireEntry;
  message: JsonObject;
  /** No open listen on the connection asked for this URI (or, when tagged, not the listen it names). */
  unsubscribed: boolean;
}

export function resourceUpdates(entries: readonly WireEntry[]): ResourceUpdate[] {
  const modern = modernConnections(entries);
  const listens = sentRequests(entries).filter((sent) => sent.request.method === 'subscriptions/listen');
  return serverMessages(entries)
    .filter(({ entry, message }) => message.method === RESOURCE_UPDATED && modern.has(entry.connection))
    .map(({ entry, message }) => {
      const uri = isObject(message.params) ? message.params.uri : undefined;
      const tag = subscriptionTag(message);
      const allowed = listens.some(
        (listen) =>
          inFlightAt(listen, entry) &&
          (tag === undefined || sameIdLoosely(tag, listen.request.id)) &&
          typeof uri === 'string' &&
          subscribedUris(listen).some((subscribed) => covers(subscribed, uri)),
      );
      return { entry, message, unsubscribed: !allowed };
    });
}
