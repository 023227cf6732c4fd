// "Actual" in the HTML report: the part of the answer worth reading first (status, error code
// and message, what a result held), the whole value one click away, everything escaped.
import { describe, expect, test } from 'vitest';
import { actualGist, renderActual } from '../../reports/html/actual.js';
import { SCRIPT } from './fixtures/hostile-strings.js';

describe('actualGist', () => {
  test('an HTTP exchange gives its status, then the JSON-RPC error code and message', () => {
    const actual = {
      httpStatus: 400,
      response: {
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32600, message: 'bad request', data: { long: 'x'.repeat(500) } },
      },
    };
    expect(actualGist(actual)).toEqual(['HTTP 400', 'error -32600: bad request']);
  });

  test('a result names its members; an unanswered request says what happened; a text body is shown', () => {
    expect(actualGist({ response: { jsonrpc: '2.0', id: 2, result: { tools: [], nextCursor: 'c' } } })).toEqual([
      'result with tools, nextCursor',
    ]);
    expect(actualGist({ outcome: 'no response before the timeout' })).toEqual(['no response before the timeout']);
    expect(actualGist({ httpStatus: 415, outcome: 'HTTP 415 without a JSON-RPC body', body: 'unsupported' })).toEqual([
      'HTTP 415',
      'HTTP 415 without a JSON-RPC body',
      'body: unsupported',
    ]);
    expect(actualGist({ status: 404, headers: {} })).toEqual(['HTTP 404']);
    expect(actualGist({ jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'no such method' } })).toEqual([
      'error -32601: no such method',
    ]);
  });

  test('a long message is cut; shapes it does not know give nothing', () => {
    const [line] = actualGist({ response: { error: { code: 1, message: 'm'.repeat(1000) } } });
    expect(line.length).toBeLessThan(260);
    expect(line.endsWith('…')).toBe(true);
    expect(actualGist(['a', 'b'])).toEqual([]);
    expect(actualGist('text')).toEqual([]);
    expect(actualGist({ tampered: 1 })).toEqual([]);
  });
});

describe('renderActual', () => {
  test('the gist first, escaped, and the whole value behind a closed disclosure', () => {
    const actual = { response: { jsonrpc: '2.0', id: 1, error: { code: -32601, message: SCRIPT, data: SCRIPT } } };
    const html = renderActual(actual);
    expect(html).toMatch(/^<pre class="gist">error -32601: &lt;script&gt;/);
    expect(html).toContain('<details class="whole"><summary>Whole answer (');
    expect(html).toContain('&quot;data&quot;: &quot;&lt;script&gt;');
    expect(html).not.toContain('<script');
  });

  test('a short value of another shape is shown whole, without a disclosure; a long one is previewed', () => {
    expect(renderActual(['tool<x>'])).toBe('<pre>[\n  &quot;tool&lt;x&gt;&quot;\n]</pre>');
    expect(renderActual(undefined)).toContain('(not recorded)');
    const long = renderActual({ tampered: 'y'.repeat(400) });
    expect(long).toMatch(/^<pre class="gist">\{&quot;tampered&quot;:&quot;y+…<\/pre><details class="whole">/);
  });
});
