// A flood of notifications while requests are in flight is counted past a bound, not kept once
// per request (a 20,000-notification flood before every answer took the harness to 1.39 GB).
import { expect, test } from 'vitest';
import {
  keepNotification,
  MAX_EXCHANGE_NOTIFICATION_BYTES,
  MAX_EXCHANGE_NOTIFICATIONS,
} from '../../../harness/transports/exchange-notifications.js';
import type { Exchange } from '../../../harness/transports/types.js';

const emptyExchange = (): Exchange => ({
  connection: 'stdio#1',
  notifications: [],
  messages: [],
  timedOut: false,
  durationMs: 0,
});
const notification = (data: number) => ({ jsonrpc: '2.0', method: 'notifications/message', params: { data } });

test('an exchange keeps notifications up to the bound, then counts them, saying so once', () => {
  const exchange = emptyExchange();
  const kept: string[] = [];
  for (let i = 0; i < MAX_EXCHANGE_NOTIFICATIONS + 5; i++) kept.push(keepNotification(exchange, notification(i), 80));
  expect(exchange.notifications).toHaveLength(MAX_EXCHANGE_NOTIFICATIONS);
  expect(exchange.messages).toHaveLength(MAX_EXCHANGE_NOTIFICATIONS);
  expect(exchange.notificationsDropped).toBe(5);
  expect(kept.filter((how) => how === 'first dropped')).toHaveLength(1);
  expect(kept.indexOf('first dropped')).toBe(MAX_EXCHANGE_NOTIFICATIONS);
});

test('a few big notifications weigh as much as a flood: bounded in bytes too', () => {
  const exchange = emptyExchange();
  const fourMb = 4 * 1024 * 1024;
  const kept = [1, 2, 3, 4].map((i) => keepNotification(exchange, notification(i), fourMb));
  expect(kept).toEqual(['kept', 'kept', 'first dropped', 'dropped']);
  expect(exchange.notificationBytes).toBe(MAX_EXCHANGE_NOTIFICATION_BYTES);
  // A small one still fits in the count and the bytes left: kept.
  expect(keepNotification(exchange, notification(5), 0)).toBe('kept');
});
