// A request in flight over stdio hears every notification the server writes meanwhile. A server
// that floods must not make the harness hold each one once per request in flight: past a bound
// an exchange counts them instead (the wire log keeps its own record, under its own budget).
import type { JsonObject } from '../model.js';
import type { Exchange } from './types.js';

/** Notifications kept with one exchange; no check reads more than a few hundred. */
export const MAX_EXCHANGE_NOTIFICATIONS = 2000;

/** Keeps the notification with the exchange, or counts it past the bound; true when this one was the first not kept. */
export function keepNotification(exchange: Exchange, message: JsonObject): boolean {
  if (exchange.notifications.length < MAX_EXCHANGE_NOTIFICATIONS) {
    exchange.messages.push(message);
    exchange.notifications.push(message);
    return false;
  }
  exchange.notificationsDropped = (exchange.notificationsDropped ?? 0) + 1;
  return exchange.notificationsDropped === 1;
}
