// A POST body that is a JSON array of JSON-RPC messages is a batch answer; anything else is not.
import { expect, test } from 'vitest';
import { batchAnswers } from '../../../harness/transports/http-post.js';

test('only a non-empty JSON array of JSON-RPC 2.0 messages counts as a batch answer', () => {
  expect(batchAnswers('[{"jsonrpc":"2.0","id":1,"result":{}},{"jsonrpc":"2.0","id":2,"result":{}}]')).toBe(2);
  expect(batchAnswers('[]')).toBeUndefined();
  expect(batchAnswers('[1, 2]')).toBeUndefined();
  expect(batchAnswers('[{"id":1,"result":{}}]')).toBeUndefined();
  expect(batchAnswers('not json')).toBeUndefined();
  expect(batchAnswers(undefined)).toBeUndefined();
});
