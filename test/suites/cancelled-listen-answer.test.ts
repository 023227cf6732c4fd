// After the client cancels a subscription nothing more may come for it; an answer to the
// cancelled subscriptions/listen request itself is the cancellation page's SHOULD, a warning.
import { describe, expect, test } from 'vitest';
import { afterCancel } from '../../suites/2026-07-28/subscriptions.js';

const ID = 'mcp-conform-cancelled-listen';
// Recorded from github.com/modelcontextprotocol/go-sdk v1.8.0 over stdio, after notifications/cancelled for the listen.
const GO_SDK_ANSWER = {
  jsonrpc: '2.0',
  id: ID,
  result: {
    resultType: 'complete',
    _meta: {
      'io.modelcontextprotocol/serverInfo': { name: 'mcp-conform-lab-go-sdk', version: '1.0.0' },
      'io.modelcontextprotocol/subscriptionId': ID,
    },
  },
};
const TAGGED = {
  jsonrpc: '2.0',
  method: 'notifications/tools/list_changed',
  params: { _meta: { 'io.modelcontextprotocol/subscriptionId': ID } },
};
const OTHER = { jsonrpc: '2.0', id: 2, result: { resultType: 'complete' } };

describe('what came for a subscription after its cancel', () => {
  test('a response to the cancelled listen, tagged or not, is an answer (warned), not a notification (failed)', () => {
    expect(afterCancel([GO_SDK_ANSWER, OTHER], ID)).toEqual({ notifications: [], answers: [GO_SDK_ANSWER] });
  });

  test('a notification tagged with the subscription is one that must not come', () => {
    expect(afterCancel([TAGGED, OTHER], ID)).toEqual({ notifications: [TAGGED], answers: [] });
  });

  test('messages of other requests and subscriptions are not counted', () => {
    expect(
      afterCancel([OTHER, { ...TAGGED, params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 'other' } } }], ID),
    ).toEqual({ notifications: [], answers: [] });
  });
});
