// A case's response classes: what kind of answer it got, never how fast.
import { describe, expect, it } from 'vitest';
import type { FuzzCase } from '../../../harness/fuzz/case.js';
import type { CaseRun } from '../../../harness/fuzz/execute.js';
import { messageClass, responseClasses } from '../../../harness/fuzz/response-class.js';
import type { WireEntry } from '../../../harness/recorder/wire-log.js';

const twoCalls: FuzzCase = {
  steps: [
    {
      label: 'two',
      text: '...',
      slots: [
        { what: 'a', id: 1, method: 'tools/call', allow: [{ answer: 'result' }, { answer: 'error' }] },
        { what: 'b', id: 'b', method: 'tools/list', allow: [{ answer: 'result' }, { answer: 'error' }] },
      ],
    },
  ],
};

function runOf(received: object[], extra: Partial<CaseRun> = {}): CaseRun {
  return {
    fuzzCase: twoCalls,
    transport: 'stdio',
    groups: [[0]],
    received: received.map((message) => ({ message: message as CaseRun['received'][number]['message'], group: 0 })),
    posts: [],
    pollution: [],
    probe: { id: 'probe-1', method: 'tools/list', answered: true, description: 'answered' },
    declared: {},
    entries: [],
    durationMs: 5,
    ...extra,
  };
}

describe('response classes', () => {
  it('names an error by its code and a result by its sorted fields, resultType and isError', () => {
    expect(messageClass({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'bad x' } })).toBe('error:-32602');
    expect(
      messageClass({ jsonrpc: '2.0', id: 1, result: { resultType: 'complete', content: [], isError: true } }),
    ).toBe('result:{content,isError,resultType} resultType=complete isError=true');
    expect(messageClass({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse' } })).toBe(
      'error:-32700 idless',
    );
    expect(messageClass({ jsonrpc: '2.0', method: 'notifications/progress', params: {} })).toBe(
      'notification:notifications/progress',
    );
  });

  it('prefixes each answer with its request method, leaves the probe out, and ignores message text and timing', () => {
    const answers = [
      { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'x must be a number' } },
      { jsonrpc: '2.0', id: 'b', result: { tools: [] } },
      { jsonrpc: '2.0', id: 'probe-1', result: { tools: [], nextCursor: 'n' } },
    ];
    const classes = responseClasses(runOf(answers));
    expect(classes).toEqual(['tools/call error:-32602', 'tools/list result:{tools}']);
    const slower = [{ ...answers[0], error: { code: -32602, message: 'another text' } }, answers[1]];
    expect(responseClasses(runOf(slower, { durationMs: 1900 }))).toEqual(classes);
  });

  it('marks a request left unanswered, stray stdout, an exit and a silent probe', () => {
    const pollution = [{ kind: 'pollution' } as WireEntry];
    const classes = responseClasses(
      runOf([{ jsonrpc: '2.0', id: 1, result: {} }], {
        pollution,
        crash: { exit: 'exit code 1', stderr: '' },
        probe: { id: 'probe-1', answered: false, description: 'server is not running' },
      }),
    );
    expect(classes).toEqual(['exit', 'no-answer', 'probe-unanswered', 'stdout-noise', 'tools/call result:{}']);
  });
});
