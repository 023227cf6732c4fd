// How the UTF-8 round-trip check reads an echo of its sentinel: intact, JSON-escaped, changed
// in letter case, or broken the ways wrong decoders break it.
import { describe, expect, test } from 'vitest';
import { judgeEcho, UTF8_SENTINEL } from '../../suites/2026-07-28/kit/utf8.js';

const latin1 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
const escaped = (text: string) =>
  JSON.stringify(text)
    .slice(1, -1)
    .replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

describe('echo of the UTF-8 sentinel', () => {
  test.each([
    ['verbatim inside other text', `Summarize ${UTF8_SENTINEL}.`],
    ['upper-cased (the non-ASCII part has no case)', `SUMMARIZE ${UTF8_SENTINEL.toUpperCase()}`],
    ['JSON-escaped to ASCII, as json.dumps writes it', `{"text": "${escaped(UTF8_SENTINEL)}"}`],
  ])('%s is intact', (_what, value) => {
    expect(judgeEcho(value)).toBe('intact');
  });

  test.each([
    ['read as Latin-1', latin1(UTF8_SENTINEL)],
    ['with replacement characters', UTF8_SENTINEL.replace(/[^\x00-\x7f]+/g, '\ufffd')],
    ['with a surrogate pair cut in half', UTF8_SENTINEL.slice(0, -1)],
  ])('%s is corrupted', (_what, value) => {
    expect(judgeEcho(value)).toBe('corrupted');
  });

  test('a rewritten echo is not judged, and text without the marker is no echo', () => {
    expect(judgeEcho('mcp-conform-utf8 (4 symbols)')).toBe('transformed');
    expect(judgeEcho('nothing to see')).toBeUndefined();
  });
});
