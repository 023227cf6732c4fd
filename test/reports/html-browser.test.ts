// The HTML report in a real browser (Debian chromium, driven by playwright-core): it opens from
// disk, fetches nothing, runs nothing the server sent, logs no errors, and its filters work; at
// desktop and laptop sizes it opens with the failures (or a fuzz run's findings), screenshots kept.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHROMIUM, launchChromium, openLogged, type PageLog } from './browser.js';
import { settleOutcome } from '../../harness/results/baseline.js';
import type { RunResults } from '../../harness/results/results.js';
import { renderHtml } from '../../reports/html/index.js';
import { renderJUnit } from '../../reports/junit.js';
import { CDATA_END, IMG, SCRIPT } from './fixtures/hostile-strings.js';
import { fuzz } from '../harness/fuzz/helpers.js';
import {
  REPORT_FUZZ,
  RUN_TIMEOUT_MS,
  hostileResults,
  hostileTarget,
  referenceResults,
  tempDir,
  withVerdict,
} from './helpers.js';

// Browser globals for the page.evaluate callbacks: the project compiles without the DOM lib.
declare const window: { __pwned?: number };
declare const document: { body: { innerText: string } };
declare const location: { hash: string };
declare function getComputedStyle(element: unknown): { position: string };
declare const DOMParser: new () => {
  parseFromString(text: string, type: string): { getElementsByTagName(name: string): { length: number } };
};
type PageElement = { dataset: Record<string, string | undefined>; open: boolean };

if (!CHROMIUM)
  console.warn(
    'html-browser.test.ts: skipped, no Chromium at /usr/bin/chromium (install it: apt-get install -y chromium, or set CHROMIUM_PATH)',
  );

let context: BrowserContext;
let hostile: RunResults;
let mixed: RunResults;
let late: RunResults;
let fuzzOnly: RunResults;
const dir = tempDir();
// Where the layout tests leave their screenshots, to be looked at: set it to keep them.
const SHOTS = process.env.MCP_CONFORM_SCREENSHOTS ?? dir;
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'laptop', width: 1280, height: 720 },
];
const urls: Record<string, string> = {};

function write(name: string, html: string): string {
  const file = path.join(dir, `${name}.html`);
  writeFileSync(file, html);
  urls[name] = pathToFileURL(file).href;
  return file;
}

function open(name: string): Promise<{ page: Page; log: PageLog }> {
  return openLogged(context, urls[name]);
}

const visibleChecks = (page: Page) =>
  page.$$eval('details.check:not([hidden])', (els) => els.map((e) => ({ ...(e as unknown as PageElement).dataset })));
const clickBox = (page: Page, name: string, value: string) =>
  page.click(`#filters input[name="${name}"][value="${value}"]`);

describe.skipIf(!CHROMIUM)(
  `HTML report in headless Chromium${CHROMIUM ? '' : ' (skipped: no chromium found; apt-get install -y chromium)'}`,
  () => {
    beforeAll(async () => {
      // The browser starts while the servers run; afterAll closes it whatever they do.
      const launching = launchChromium();
      try {
        [hostile, mixed, fuzzOnly] = await Promise.all([
          hostileResults(),
          referenceResults(),
          fuzz(hostileTarget, {
            revisions: ['2025-11-25'],
            select: ['schema', 'capabilities'],
            toolCalls: 'all',
            runs: 5,
            ...REPORT_FUZZ,
          }),
        ]);
      } finally {
        context = await launching;
      }
      expect(fuzzOnly.fuzz!.findings.length, 'the hostile server gives a fuzz finding').toBeGreaterThan(0);
      // The last check of the run fails with a real server's error: in run order it comes after the whole matrix.
      const answer = hostile.checks.find(
        (c) => c.verdict === 'fail' && (c.actual as { response?: unknown })?.response,
      )!;
      const last = mixed.checks[mixed.checks.length - 1];
      late = settleOutcome({
        ...mixed,
        checks: mixed.checks.map((c) =>
          c === last
            ? { ...c, verdict: 'fail', reason: answer.reason, expected: answer.expected, actual: answer.actual }
            : c,
        ),
      });
      // Real results with one check of each kind, so every filter has something to do.
      const byRevision = (r: string) => mixed.checks.filter((c) => c.revision === r && c.verdict === 'pass');
      mixed = withVerdict(mixed, byRevision('2026-07-28')[0].id, 'fail', 'expected X, got Y');
      mixed = withVerdict(mixed, byRevision('2025-11-25')[0].id, 'warn', 'a SHOULD was missed');
      mixed = withVerdict(mixed, byRevision('2025-11-25')[1].id, 'skip', 'server offers no prompts');
      write('hostile', renderHtml(hostile));
      write('mixed', renderHtml(mixed));
      write('late', renderHtml(late));
      write('fuzz', renderHtml(fuzzOnly));
    }, RUN_TIMEOUT_MS);

    afterAll(async () => {
      await context?.close();
    });

    test('a hostile server cannot run script: its strings show as text, nothing is fetched or logged', async () => {
      const { page, log } = await open('hostile');
      await page.click('#filters button[data-action="expand"]');
      await page.$$eval('details.transcript', (els) => els.forEach((e) => ((e as unknown as PageElement).open = true)));
      await page.waitForSelector('.transcript-body .entry');
      expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
      expect(await page.$$eval('script', (els) => els.length)).toBe(2);
      expect(await page.$$eval('img', (els) => els.length)).toBe(0);
      const text = await page.evaluate(() => document.body.innerText);
      expect(text).toContain(SCRIPT);
      expect(text).toContain(IMG);
      expect(text).toContain(CDATA_END);
      expect(text).toContain('esc:\\u001b[31m');
      expect(text).not.toMatch(/[\u0000-\u0008\u001b\u202e]/);
      expect(log).toEqual({ errors: [], dialogs: [], requests: [] });
      await page.close();
    });

    test('a transcript opens to pretty-printed JSON, drawn from the embedded results', async () => {
      const { page, log } = await open('hostile');
      const failed = hostile.checks.find((c) => c.verdict === 'fail' && c.transcript.length > 0)!;
      const transcript = `details.check[id="check-${failed.id}"] details.transcript`;
      await page.click(`details.check[id="check-${failed.id}"] > summary`);
      await page.click(`${transcript} > summary`);
      // The page draws a transcript on the toggle event, a task after the click: wait for its entries.
      await page.waitForSelector(`${transcript} .entry`);
      const entries = await page.$$eval(`${transcript} .entry`, (els) => els.map((e) => e.textContent ?? ''));
      expect(entries).toHaveLength(failed.transcript.length);
      const message = failed.transcript.findIndex((e) => e.message !== undefined);
      expect(entries[message]).toContain('{\n  "jsonrpc": "2.0",');
      expect(log.errors).toEqual([]);
      await page.close();
    });

    test('filters by verdict, level, area and revision, and the text search, show exactly the matching checks', async () => {
      const { page, log } = await open('mixed');
      const all = mixed.checks.length;
      expect(await page.textContent('#filter-status')).toBe(`Showing ${all} of ${all} checks`);

      await page.click('#filters button[data-action="problems"]');
      const problems = mixed.checks.filter((c) => ['fail', 'error', 'warn'].includes(c.verdict));
      expect((await visibleChecks(page)).map((d) => d.verdict).sort()).toEqual(problems.map((c) => c.verdict).sort());

      await page.click('#filters button[data-action="all"]');
      for (const verdict of ['error', 'warn', 'pass', 'skip']) await clickBox(page, 'verdict', verdict);
      const onlyFail = await visibleChecks(page);
      expect(onlyFail.length).toBe(mixed.checks.filter((c) => c.verdict === 'fail').length);
      expect(onlyFail.every((d) => d.verdict === 'fail')).toBe(true);
      const rows = await page.$$eval('tr.matrix-row:not([hidden])', (els) =>
        els.map((e) => (e as unknown as PageElement).dataset.verdicts),
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((v) => v!.split(' ').includes('fail'))).toBe(true);

      await page.click('#filters button[data-action="all"]');
      await clickBox(page, 'revision', '2025-11-25');
      const modern = await visibleChecks(page);
      expect(modern.length).toBe(mixed.checks.filter((c) => c.revision === '2026-07-28').length);
      expect(await page.$$eval('section.group[data-group^="2025-11-25/"]:not([hidden])', (els) => els.length)).toBe(0);

      await page.click('#filters button[data-action="all"]');
      await clickBox(page, 'level', 'MUST');
      expect((await visibleChecks(page)).length).toBe(mixed.checks.filter((c) => c.level !== 'MUST').length);

      await page.click('#filters button[data-action="all"]');
      const area = mixed.checks[0].area;
      await page.click('#filters .more-filters > summary');
      await clickBox(page, 'area', area);
      expect((await visibleChecks(page)).some((d) => d.area === area)).toBe(false);

      await page.click('#filters button[data-action="all"]');
      const target = mixed.checks[mixed.checks.length - 1];
      await page.fill('#filters input[name="text"]', target.id.toUpperCase());
      const found = await visibleChecks(page);
      expect(found.map((d) => d.search)).toEqual(
        mixed.checks
          .filter((c) => `${c.id} ${c.title}`.toLowerCase().includes(target.id.toLowerCase()))
          .map((c) => `${c.id} ${c.title}`.toLowerCase()),
      );
      expect(await page.textContent('#filter-status')).toBe(`Showing ${found.length} of ${all} checks`);

      await page.click('#filters button[data-action="all"]');
      await page.click('#filters button[data-action="expand"]');
      expect(await page.$$eval('details.check', (els) => els.every((e) => (e as unknown as PageElement).open))).toBe(
        true,
      );
      expect(log).toEqual({ errors: [], dialogs: [], requests: [] });
      await page.close();
    });

    test('a matrix cell links to its check, which opens', async () => {
      const { page, log } = await open('mixed');
      const failing = mixed.checks.find((c) => c.verdict === 'fail')!;
      const check = `details.check[id="check-${failing.id}"]`;
      expect(await page.$eval(check, (e) => (e as unknown as PageElement).open)).toBe(false);
      await page.click(`tr.matrix-row a[href="#check-${failing.id}"]`);
      expect(await page.evaluate(() => decodeURIComponent(location.hash))).toBe(`#check-${failing.id}`);
      expect(await page.$eval(check, (e) => (e as unknown as PageElement).open)).toBe(true);
      expect(log.errors).toEqual([]);
      await page.close();
    });

    test("the JUnit file parses with the browser's XML parser (libxml2, as GitLab's Nokogiri)", async () => {
      const { page } = await open('mixed');
      const parse = (xml: string) =>
        page.evaluate((text) => {
          const doc = new DOMParser().parseFromString(text, 'application/xml');
          return {
            errors: doc.getElementsByTagName('parsererror').length,
            cases: doc.getElementsByTagName('testcase').length,
          };
        }, xml);
      expect(await parse(renderJUnit(hostile))).toEqual({ errors: 0, cases: hostile.checks.length });
      // The same parser rejects output in CDATA whose second ]]> is left as it came (what a builder
      // that escapes only the first one writes): ours is escaped text.
      const twice = `<![CDATA[${CDATA_END.replace(']]>', ']]]]><![CDATA[>')}]]>`;
      expect(
        (
          await parse(
            `<testsuites><testsuite name="s" tests="1"><testcase classname="c" name="n"><system-out>${twice}</system-out></testcase></testsuite></testsuites>`,
          )
        ).errors,
      ).toBeGreaterThan(0);
      await page.close();
    });

    /** The page at a viewport size, scrolled to the top, with its first screen saved. */
    async function openAt(name: string, viewport: (typeof VIEWPORTS)[number]) {
      const opened = await open(name);
      await opened.page.setViewportSize({ width: viewport.width, height: viewport.height });
      await opened.page.screenshot({ path: path.join(SHOTS, `${name}-${viewport.name}.png`) });
      return opened;
    }

    const inFirstScreen = async (page: Page, selector: string, height: number) => {
      const box = (await page.locator(selector).first().boundingBox())!;
      expect(box, selector).not.toBeNull();
      expect(box.y, `${selector} top`).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${selector} bottom`).toBeLessThanOrEqual(height);
      return box;
    };

    test.each(VIEWPORTS)(
      'at $name size ($width x $height) the report opens with the outcome, the conformance statement and the failures; the filter bar is small',
      async (viewport) => {
        const { page, log } = await openAt('late', viewport);
        const failing = late.checks[late.checks.length - 1];
        await inFirstScreen(page, 'header .outcome', viewport.height);
        await inFirstScreen(page, 'header .statement', viewport.height);
        expect(await page.getAttribute('#problems details.check', 'id')).toBe(`check-${failing.id}`);
        const row = await inFirstScreen(page, '#problems details.check', viewport.height);
        expect(row.height, 'one line').toBeLessThan(40);
        // Below the failures, in this order: the counts, the filter bar, the matrix, the passing checks.
        const tops = await Promise.all(
          ['#summary', '#filters', '#matrix', '#checks'].map(async (s) => (await page.locator(s).boundingBox())!.y),
        );
        expect(tops[0]).toBeGreaterThan(row.y);
        expect([...tops].sort((a, b) => a - b)).toEqual(tops);
        const bar = (await page.locator('#filters').boundingBox())!;
        expect(bar.height).toBeLessThan(0.15 * viewport.height);
        expect(await page.$eval('#filters', (e) => getComputedStyle(e).position)).toBe('static');
        expect(log).toEqual({ errors: [], dialogs: [], requests: [] });
        await page.close();
      },
    );

    test('a failure opens to the error code and message first, the whole answer one click away', async () => {
      const { page, log } = await open('late');
      const failing = late.checks[late.checks.length - 1];
      const error = (failing.actual as { response: { error: { code: number } } }).response.error;
      const check = `details.check[id="check-${failing.id}"]`;
      await page.click(`${check} > summary`);
      expect(await page.textContent(`${check} pre.gist`)).toMatch(new RegExp(`^error ${error.code}: `));
      expect(await page.isVisible(`${check} details.whole > pre`)).toBe(false);
      await page.click(`${check} details.whole > summary`);
      expect(await page.textContent(`${check} details.whole > pre`)).toContain('"jsonrpc": "2.0"');
      expect(log).toEqual({ errors: [], dialogs: [], requests: [] });
      await page.close();
    });

    test.each(VIEWPORTS)(
      'at $name size a fuzz-only report opens with its findings and has no empty conformance section',
      async (viewport) => {
        const { page, log } = await openAt('fuzz', viewport);
        await inFirstScreen(page, 'header .outcome', viewport.height);
        await inFirstScreen(page, '#fuzz details.finding', viewport.height);
        for (const empty of ['#problems', '#checks', '#matrix', '#filters', '.count-tables', '.statement'])
          expect(await page.locator(empty).count(), empty).toBe(0);
        expect(await page.$$eval('header dt', (els) => els.map((e) => e.textContent))).not.toContain('Conformance');
        expect(log).toEqual({ errors: [], dialogs: [], requests: [] });
        await page.close();
      },
    );
  },
);
