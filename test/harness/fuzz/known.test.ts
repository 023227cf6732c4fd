// The fuzz baseline (`fuzz --known`): entries are validated, match by property pattern and
// message, and a known case never hides another problem: a mutant that crashes on the very ids
// the SDK baseline knows as silent is still a finding.
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  knownEntryFor,
  KnownFuzzFileError,
  loadKnownFuzz,
  parseKnownFuzz,
} from '../../../harness/results/fuzz-known.js';
import { PROJECT_ROOT } from '../../helpers/fixture-process.js';
import { referenceStdio } from '../../helpers/harness.js';
import { explainFuzz, fuzz } from './helpers.js';

const SDK_KNOWN = path.join(PROJECT_ROOT, 'test/sdk-servers/fuzz-known.yaml');

describe('known fuzz findings', () => {
  test('entries need property, match and why; a bad regular expression is named', () => {
    expect(() => parseKnownFuzz('- property: a/b\n  match: x\n', 'k.yaml')).toThrow(/entry 1: needs why/);
    expect(() => parseKnownFuzz('- {property: a, match: x, why: y, level: MUST}', 'k.yaml')).toThrow(
      KnownFuzzFileError,
    );
    expect(() => parseKnownFuzz('- {property: a, match: "/(/", why: y}', 'k.yaml')).toThrow(
      /not a valid regular expression/,
    );
    expect(() => parseKnownFuzz('just text', 'k.yaml')).toThrow(/expected a list/);
    expect(parseKnownFuzz('known:\n  - {property: a, match: x, why: y}\n', 'k.yaml').entries).toHaveLength(1);
  });

  test('an entry matches by property pattern and by text or /regex/ in the message', () => {
    const known = parseKnownFuzz(
      [
        '- {property: "*/ids/same-id", match: "(unsafe-integer)", why: w}',
        '- {property: 2025-11-25/meta, match: "/^tools.*timeout$/", why: w}',
      ].join('\n'),
      'k.yaml',
    );
    expect(
      knownEntryFor(known, '2026-07-28/ids/same-id', 'tools/list with id 2e53 (unsafe-integer): no response'),
    ).toBeDefined();
    expect(
      knownEntryFor(
        known,
        '2026-07-28/ids/reused-after-answer',
        'tools/list with id 2e53 (unsafe-integer): no response',
      ),
    ).toBeUndefined();
    expect(
      knownEntryFor(known, '2026-07-28/ids/same-id', 'tools/list with id 1 (integer): no response'),
    ).toBeUndefined();
    expect(
      knownEntryFor(known, '2025-11-25/meta/meta-shapes', 'tools/list with _meta 1: no response before the timeout'),
    ).toBeDefined();
    expect(
      knownEntryFor(known, '2025-11-25/meta/meta-shapes', 'tools/list with _meta 1: answered twice'),
    ).toBeUndefined();
  });

  test('the SDK baseline parses, and each of its entries matches the silence it describes', () => {
    const known = loadKnownFuzz(SDK_KNOWN);
    expect(
      knownEntryFor(
        known,
        '2026-07-28/ids/same-id',
        'tools/list with id 9007199254740993 (unsafe-integer): no response before the timeout',
      ),
    ).toBeDefined();
    expect(
      knownEntryFor(known, '2025-11-25/meta/meta-shapes', 'tools/list with _meta "x": no response before the timeout'),
    ).toBeDefined();
    expect(
      knownEntryFor(
        known,
        '2025-11-25/meta/meta-shapes',
        'tools/list with _meta {"progressToken":[]}: no response before the timeout',
      ),
    ).toBeDefined();
    expect(
      knownEntryFor(
        known,
        '2025-11-25/meta/meta-shapes',
        'tools/list with _meta absent: no response before the timeout',
      ),
      'a request without _meta left unanswered is not known',
    ).toBeUndefined();
    expect(
      knownEntryFor(
        known,
        '2026-07-28/meta/judged-alone',
        'tools/list with _meta not-object: no response before the timeout',
      ),
    ).toBeDefined();
  });

  test('a crash on the ids the baseline knows as silent is still a finding', { timeout: 120_000 }, async () => {
    const known = loadKnownFuzz(SDK_KNOWN);
    const results = await fuzz(referenceStdio({ mutants: ['crash-on-unsafe-id'] }), {
      select: ['2026-07-28/ids/same-id'],
      revisions: ['2026-07-28'],
      known,
    });
    const finding = results.fuzz?.findings.find((f) => f.id === 'fuzz/2026-07-28/ids/same-id');
    expect(finding, explainFuzz(results) || 'no finding').toBeDefined();
    expect(finding!.message).toMatch(/died/);
  });
});
