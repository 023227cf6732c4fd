// The pipelined pre-screen (harness/fuzz/pipeline.ts) may only pass a case on its own answers
// after a barrier: silence, or a message no case owns, passes nothing and sends the cases back to
// be run singly.
import { afterEach, describe, expect, it } from 'vitest';
import type { FuzzCase, Slot } from '../../../harness/fuzz/case.js';
import { DEFAULT_EXECUTE } from '../../../harness/fuzz/execute.js';
import { LiveTarget } from '../../../harness/fuzz/live-target.js';
import { pipelineKeys, screenBatch } from '../../../harness/fuzz/pipeline.js';
import { SALT } from '../../../harness/fuzz/salt.js';
import { createWireValidator } from '../../../harness/schema/index.js';
import { referenceStdio } from '../../helpers/harness.js';

const REVISION = '2026-07-28';
const judge = {
  revision: REVISION,
  validator: createWireValidator(REVISION),
  spec: 'https://example.com/spec',
  level: 'MUST',
} as const;
const execute = { ...DEFAULT_EXECUTE, timeoutMs: 1500 };
const ANSWERED: Slot['allow'] = [{ answer: 'result' }, { answer: 'error' }];

let target: LiveTarget | undefined;
afterEach(async () => {
  await target?.close();
  target = undefined;
});

async function started(): Promise<LiveTarget> {
  target = new LiveTarget({ target: referenceStdio(), revision: REVISION, timeoutMs: execute.timeoutMs });
  expect(await target.start()).toBeUndefined();
  return target;
}

/** One well-formed cheap request with a salted string id. */
function request(live: LiveTarget, name: string): FuzzCase {
  const id = `pipe-${SALT}-${name}`;
  const { message } = live.dialect.build(live.dialect.cheap.method, live.dialect.cheap.params, id);
  return {
    steps: [
      {
        label: name,
        text: `${JSON.stringify(message)}\n`,
        slots: [{ what: name, id, method: live.dialect.cheap.method, allow: ANSWERED }],
      },
    ],
  };
}

describe('pipelined pre-screen', () => {
  it('passes each well-formed request on its own answer, after the barrier', async () => {
    const live = await started();
    const cases = ['a', 'b', 'c', 'd'].map((name) => request(live, name));
    const screened = await screenBatch(live, cases, execute, judge);
    expect(screened).toMatchObject({ passed: [true, true, true, true], spoilt: false });
    // Each case's response classes, as a single run of it would give them (the barrier's answer left out).
    expect(screened.classes).toHaveLength(4);
    for (const classes of screened.classes ?? [])
      expect(classes).toEqual([expect.stringMatching(new RegExp(`^${live.dialect.cheap.method} result:`))]);
  });

  it('never passes on silence: a request left unanswered keeps its case from passing, and the connection is not reused', async () => {
    const live = await started();
    // The slot waits for an answer to an id the bytes never carry (a notification is sent instead).
    const silent: FuzzCase = {
      steps: [
        {
          label: 'silent',
          text: '{"jsonrpc":"2.0","method":"notifications/mcp-conform-nothing"}\n',
          slots: [{ what: 'silent', id: `ghost-${SALT}`, allow: ANSWERED }],
        },
      ],
    };
    const screened = await screenBatch(live, [request(live, 'a'), silent, request(live, 'b')], execute, judge);
    expect(screened).toMatchObject({ passed: [true, false, true], spoilt: true });
  });

  it('passes nothing when a message belongs to no case (an id-less parse error)', async () => {
    const live = await started();
    const garbage: FuzzCase = {
      steps: [{ label: 'garbage', text: '{not json\n', slots: [{ what: 'garbage', allow: [{ answer: 'none' }] }] }],
    };
    const screened = await screenBatch(live, [request(live, 'a'), garbage, request(live, 'b')], execute, judge);
    expect(screened).toMatchObject({ passed: [false, false, false], spoilt: true });
  });

  it('leaves out cases whose answers could not be told apart or that need their own timing or connection', () => {
    const base: FuzzCase = {
      steps: [
        {
          label: 'x',
          text: '{"jsonrpc":"2.0","id":1,"method":"ping"}\n',
          slots: [{ what: 'x', id: 1, allow: ANSWERED }],
        },
      ],
    };
    expect(pipelineKeys(base)).toEqual(['1']);
    expect(pipelineKeys({ ...base, freshAfter: true })).toBeUndefined();
    expect(pipelineKeys({ ...base, sessionCapabilities: {} })).toBeUndefined();
    expect(pipelineKeys({ steps: [{ ...base.steps[0], splits: [5] }] })).toBeUndefined();
    expect(pipelineKeys({ steps: [{ ...base.steps[0], text: base.steps[0].text!.trimEnd() }] })).toBeUndefined();
    expect(
      pipelineKeys({
        steps: [{ ...base.steps[0], slots: [{ what: 'x', id: 1, allow: [{ answer: 'idless-error' }] }] }],
      }),
    ).toBeUndefined();
    expect(
      pipelineKeys({ steps: [{ ...base.steps[0], slots: [{ what: 'x', id: 1, allow: ANSWERED, patient: true }] }] }),
    ).toBeUndefined();
    expect(pipelineKeys({ steps: [base.steps[0], base.steps[0]] })).toBeUndefined();
  });
});
