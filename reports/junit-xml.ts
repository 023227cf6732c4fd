// The JUnit XML we write, element by element, in one pass: no builder to patch. Shaped for the
// common JUnit XSD (Jenkins' junit-4.xsd): a skip reason is the text of <skipped> (no attributes),
// the verdict is the testcase's `status` attribute (testcases take no <properties>), output is
// escaped text (never CDATA, which a second `]]>` would end early), and <testsuites> carries no
// `skipped` count. Every string from a run passes `x` first.
import { visibleText, xmlSafe } from './text.js';

/** Every string bound for the XML passes here: illegal XML characters, C1 controls and bidi overrides become visible escapes. */
export const x = (value: unknown): string => visibleText(xmlSafe(String(value ?? '')));

export interface XmlElement {
  name: string;
  attributes: [string, string][];
  children: XmlElement[];
  text?: string;
}

type Attributes = Record<string, string | number | undefined>;

export function element(
  name: string,
  attributes: Attributes = {},
  children: XmlElement[] = [],
  text?: string,
): XmlElement {
  const defined = Object.entries(attributes).filter(
    (entry): entry is [string, string | number] => entry[1] !== undefined,
  );
  return { name, attributes: defined.map(([key, value]) => [key, String(value)]), children, text };
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
// Line breaks and tabs in an attribute would be normalised to spaces by a parser: keep them as references.
const escapeAttribute = (text: string) =>
  escapeText(text).replace(/"/g, '&quot;').replace(/\n/g, '&#xA;').replace(/\r/g, '&#xD;').replace(/\t/g, '&#x9;');

function write(node: XmlElement, depth: number, out: string[]): void {
  const indent = '  '.repeat(depth);
  const attributes = node.attributes.map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`).join('');
  if (node.children.length === 0 && !node.text) {
    out.push(`${indent}<${node.name}${attributes}/>`);
  } else if (node.children.length === 0) {
    out.push(`${indent}<${node.name}${attributes}>${escapeText(node.text!)}</${node.name}>`);
  } else {
    out.push(`${indent}<${node.name}${attributes}>${node.text ? escapeText(node.text) : ''}`);
    for (const child of node.children) write(child, depth + 1, out);
    out.push(`${indent}</${node.name}>`);
  }
}

export function renderXml(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(root, 0, out);
  return `${out.join('\n')}\n`;
}

/** How a testcase ended, when it did not simply pass. */
export type CaseEnd =
  | { kind: 'failure' | 'error'; message: string; type: string; body?: string }
  | { kind: 'skipped'; reason?: string };

export interface CaseSpec {
  classname: string;
  name: string;
  /** Seconds. */
  time?: number;
  /** The verdict (pass, fail, warn, skip, error, unstable). */
  status?: string;
  end?: CaseEnd;
  systemOut?: string;
}

export function testCase(spec: CaseSpec): XmlElement {
  const children: XmlElement[] = [];
  const { end } = spec;
  if (end?.kind === 'skipped') children.push(element('skipped', {}, [], end.reason ? x(end.reason) : undefined));
  else if (end)
    children.push(
      element(end.kind, { message: x(end.message), type: end.type }, [], end.body ? x(end.body) : undefined),
    );
  if (spec.systemOut) children.push(element('system-out', {}, [], x(spec.systemOut)));
  return element(
    'testcase',
    { classname: x(spec.classname), name: x(spec.name), time: spec.time, status: spec.status },
    children,
  );
}

const count = (cases: XmlElement[], child: string) =>
  cases.filter((c) => c.children.some((e) => e.name === child)).length;

/** A testsuite whose counts are those of its testcases; properties are [name, value] pairs. */
export function testSuite(
  attributes: { name: string; timestamp?: string; time?: number },
  properties: [string, string][],
  cases: XmlElement[],
): XmlElement {
  const counts = {
    tests: cases.length,
    failures: count(cases, 'failure'),
    errors: count(cases, 'error'),
    skipped: count(cases, 'skipped'),
  };
  const children =
    properties.length > 0
      ? [
          element(
            'properties',
            {},
            properties.map(([name, value]) => element('property', { name: x(name), value: x(value) })),
          ),
        ]
      : [];
  return element(
    'testsuite',
    { name: x(attributes.name), timestamp: attributes.timestamp, time: attributes.time, ...counts },
    [...children, ...cases],
  );
}

/** The root: totals of every suite (junit-4.xsd declares no skipped count here). */
export function testSuites(name: string, suites: XmlElement[]): XmlElement {
  const total = (key: string) =>
    suites.reduce((sum, suite) => sum + Number(suite.attributes.find(([k]) => k === key)?.[1] ?? 0), 0);
  return element(
    'testsuites',
    { name: x(name), tests: total('tests'), failures: total('failures'), errors: total('errors') },
    suites,
  );
}

/** A timestamp as junit-4.xsd types it: date and time, no zone. */
export const junitTimestamp = (iso: string) => new Date(iso).toISOString().slice(0, 19);
