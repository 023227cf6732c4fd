// A request in flight over stdio hears every notification the server writes meanwhile. A server
// that floods must not make the harness hold each one once per request in flight: past a bound
// in count or in bytes an exchange counts them instead (the wire log keeps its own record, under
// its own budget).
import type { JsonObject } from '../model.js';
import type { BudgetLedger } from '../recorder/budget-ledger.js';
import type { Exchange } from './types.js';

/** Notifications kept with one exchange; no check reads more than a few hundred. */
export const MAX_EXCHANGE_NOTIFICATIONS = 2000;
/** Wire bytes of notifications kept with one exchange: a few big ones weigh as much as a flood. */
export const MAX_EXCHANGE_NOTIFICATION_BYTES = 8 * 1024 * 1024;

export const NOTIFICATIONS_NOT_KEPT = `more than ${MAX_EXCHANGE_NOTIFICATIONS} notifications or ${MAX_EXCHANGE_NOTIFICATION_BYTES / 1024 / 1024} MB of them while one request was in flight: the rest are counted, not kept with it`;

/**
 * Keeps the notification with the exchange, or counts it past the bounds ('first dropped' says so
 * once), and in `spent` (the run's budget notes) when one is given.
 */
export function keepNotification(
  exchange: Exchange,
  message: JsonObject,
  bytes: number,
  spent?: BudgetLedger,
): 'kept' | 'dropped' | 'first dropped' {
  const kept = exchange.notificationBytes ?? 0;
  if (exchange.notifications.length < MAX_EXCHANGE_NOTIFICATIONS && kept + bytes <= MAX_EXCHANGE_NOTIFICATION_BYTES) {
    exchange.messages.push(message);
    exchange.notifications.push(message);
    exchange.notificationBytes = kept + bytes;
    return 'kept';
  }
  exchange.notificationsDropped = (exchange.notificationsDropped ?? 0) + 1;
  spent?.note('notifications not kept with a request in flight (once per request)', bytes);
  return exchange.notificationsDropped === 1 ? 'first dropped' : 'dropped';
}
