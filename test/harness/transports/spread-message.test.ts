// Pretty-printed messages on stdio: held lines join into one message, or fall back to noise.
import { describe, expect, test } from 'vitest';
import { SpreadMessageJoiner } from '../../../harness/transports/spread-message.js';

const line = (text: string) => Buffer.from(text, 'utf8');

function feed(joiner: SpreadMessageJoiner, text: string) {
  return text.split('\n').map((part) => joiner.offer(line(part)));
}

describe('SpreadMessageJoiner', () => {
  test('a pretty-printed response becomes one message, with its line count', () => {
    const joiner = new SpreadMessageJoiner(1 << 20);
    const offered = feed(joiner, JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools: [] } }, null, 2));
    const last = offered.at(-1)!;
    expect(offered.slice(0, -1).every((o) => o.kind === 'held')).toBe(true);
    expect(last.kind).toBe('message');
    if (last.kind === 'message') {
      expect(last.message).toEqual({ jsonrpc: '2.0', id: 1, result: { tools: [] } });
      expect(last.lines).toBe(offered.length);
    }
    expect(joiner.holding).toBe(false);
  });

  test('a line that does not open an object is noise at once; JSON that is no message stays noise', () => {
    const joiner = new SpreadMessageJoiner(1 << 20);
    expect(joiner.offer(line('Server started'))).toEqual({ kind: 'released', lines: [line('Server started')] });
    feed(joiner, '{\n  "hello": "world"\n}');
    expect(joiner.holding).toBe(true);
    expect(joiner.drain().map((l) => Buffer.from(l).toString())).toEqual(['{', '  "hello": "world"', '}']);
  });

  test('held lines past the byte cap are released as noise, not kept', () => {
    const joiner = new SpreadMessageJoiner(64);
    expect(joiner.offer(line('{'))).toEqual({ kind: 'held' });
    const released = joiner.offer(line(`"${'x'.repeat(100)}":`));
    expect(released.kind).toBe('released');
    expect(joiner.holding).toBe(false);
  });
});
