// A flood of notifications while requests are in flight is counted past a bound, not kept once
// per request (a 20,000-notification flood before every answer took the harness to 1.39 GB).
import { expect, test } from 'vitest';
import { keepNotification, MAX_EXCHANGE_NOTIFICATIONS } from '../../../harness/transports/exchange-notifications.js';
import type { Exchange } from '../../../harness/transports/types.js';

test('an exchange keeps notifications up to the bound, then counts them, saying so once', () => {
  const exchange: Exchange = { connection: 'stdio#1', notifications: [], messages: [], timedOut: false, durationMs: 0 };
  const firsts: boolean[] = [];
  for (let i = 0; i < MAX_EXCHANGE_NOTIFICATIONS + 5; i++)
    firsts.push(keepNotification(exchange, { jsonrpc: '2.0', method: 'notifications/message', params: { data: i } }));
  expect(exchange.notifications).toHaveLength(MAX_EXCHANGE_NOTIFICATIONS);
  expect(exchange.messages).toHaveLength(MAX_EXCHANGE_NOTIFICATIONS);
  expect(exchange.notificationsDropped).toBe(5);
  expect(firsts.filter(Boolean)).toHaveLength(1);
  expect(firsts.indexOf(true)).toBe(MAX_EXCHANGE_NOTIFICATIONS);
});
