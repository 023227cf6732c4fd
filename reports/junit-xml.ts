// What every JUnit element we write goes through: the builder, XML-safe strings, and the parts
// junit-report-builder cannot write the way the common JUnit XSD (Jenkins' junit-4.xsd) wants:
// a skip reason as the text of <skipped> (the XSD types it as a plain string, no attributes),
// the verdict as the testcase's `status` attribute (testcases take no <properties> there), and
// no `skipped` count on <testsuites>.
import { createRequire } from 'node:module';
import type { Builder, TestCase } from 'junit-report-builder';
import { visibleText, xmlSafe } from './text.js';

type XmlNode = { name?: string; children?: XmlNode[]; att(name: string, value: string): XmlNode; txt(value: string): XmlNode; ele(name: string): XmlNode; removeAttribute(name: string): XmlNode };

// Loaded when the first JUnit file is written (a third of the CLI's start-up otherwise).
let junitBuilder: Builder | undefined;
function junit(): Builder {
  junitBuilder ??= createRequire(import.meta.url)('junit-report-builder') as Builder;
  return junitBuilder;
}

/** Every string bound for the XML passes here: illegal XML characters, C1 controls and bidi overrides become visible escapes. */
export const x = (value: unknown): string => visibleText(xmlSafe(String(value ?? '')));

export interface Extras {
  /** The testcase's verdict (pass, fail, warn, skip, error), as its `status` attribute. */
  status?: string;
  /** Why it was skipped: the text of <skipped>. */
  skipped?: string;
  /** Text inside the <failure> or <error> element. */
  body?: string;
  systemOut?: string;
}

/**
 * junit-report-builder writes <skipped/> empty and puts output in CDATA, escaping only the first
 * `]]>` (a second one would end the section early). Add these as escaped text instead.
 */
export function withExtras(testCase: TestCase, extras: Extras): void {
  const build = testCase.build.bind(testCase);
  (testCase as { build: (parent: unknown) => unknown }).build = (parent: unknown) => {
    const element = build(parent as never) as unknown as XmlNode;
    const child = (name: string) => element.children?.find((c) => c.name === name);
    if (extras.status !== undefined) element.att('status', extras.status);
    if (extras.skipped) child('skipped')?.txt(x(extras.skipped));
    if (extras.body) (child('failure') ?? child('error'))?.txt(x(extras.body));
    if (extras.systemOut) element.ele('system-out').txt(x(extras.systemOut));
    return element;
  };
}

/** A new builder whose <testsuites> carries only the counts junit-4.xsd declares. */
export function newBuilder(): Builder {
  const builder = junit().newBuilder();
  const root = (builder as unknown as { _rootTestSuites?: { build: (parent?: unknown) => XmlNode } })._rootTestSuites;
  if (root) {
    const build = root.build.bind(root);
    root.build = (parent?: unknown) => build(parent).removeAttribute('skipped');
  }
  return builder;
}
