// The implementation matrix page in a real browser (Debian chromium, driven by playwright-core),
// built by `report matrix` from real runs of the reference server and the official-SDK fixture
// servers, plus a copy named by a hostile server: it renders, its filters show exactly the
// matching rows, every evidence link lands on an element that exists, no script error, no
// dialog, nothing fetched.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHROMIUM, launchChromium, openLogged, type PageLog } from './browser.js';
import type { ImplementationMatrix } from '../../harness/results/implementation-matrix.js';
import { SCRIPT } from './fixtures/hostile-strings.js';
import { RUN_TIMEOUT_MS, inProcess, tempDir } from './helpers.js';
import { V1_UNIQUE, V2_UNIQUE, runMatrixInputs, writeEvilCopy } from './matrix-inputs.js';

// Browser globals for the page.evaluate callbacks: the project compiles without the DOM lib.
declare const window: { __pwned?: number };
declare const document: { body: { innerText: string }; getElementById(id: string): unknown };
declare const location: { hash: string; href: string };

if (!CHROMIUM)
  console.warn(
    'matrix-browser.test.ts: skipped, no Chromium at /usr/bin/chromium (install it: apt-get install -y chromium, or set CHROMIUM_PATH)',
  );

const dir = tempDir();
const at = (name: string) => path.join(dir, name);
let context: BrowserContext;
let matrix: ImplementationMatrix;

function open(url: string): Promise<{ page: Page; log: PageLog }> {
  return openLogged(context, url);
}

const openMatrix = () => open(pathToFileURL(at('out/matrix.html')).href);
const visibleRows = (page: Page) =>
  page.$$eval('tr.check-row:not([hidden])', (els) =>
    els.map((e) => (e as unknown as { dataset: Record<string, string> }).dataset),
  );
const clickBox = (page: Page, name: string, value: string) =>
  page.click(`#filters input[name="${name}"][value="${value}"]`);
const all = (page: Page) => page.click('#filters button[data-action="all"]');

describe.skipIf(!CHROMIUM)(
  `matrix page in headless Chromium${CHROMIUM ? '' : ' (skipped: no chromium found; apt-get install -y chromium)'}`,
  () => {
    beforeAll(async () => {
      const launching = launchChromium();
      try {
        const inputs = await runMatrixInputs(dir);
        const evil = writeEvilCopy(dir, inputs.reference);
        const built = await inProcess([
          'report',
          'matrix',
          `${at('reference.json')}=${at('reference.html')}`,
          at('v1.json'),
          `${at('v2.json')}=${at('v2.html')}`,
          evil,
          '--html',
          at('out/matrix.html'),
          '--json',
          at('out/matrix.json'),
        ]);
        expect(built.exitCode, built.stderr).toBe(0);
        matrix = JSON.parse(readFileSync(at('out/matrix.json'), 'utf8'));
      } finally {
        context = await launching;
      }
    }, RUN_TIMEOUT_MS);

    afterAll(async () => {
      await context?.close();
    });

    test('renders every implementation and check; a hostile server name is text; no error, dialog or fetch', async () => {
      const { page, log } = await openMatrix();
      expect(await page.$$eval('table.implementations tbody tr', (els) => els.length)).toBe(4);
      expect(await page.$$eval('tr.check-row', (els) => els.length)).toBe(matrix.rows.length);
      expect(await page.textContent('#filter-status')).toBe(
        `Showing ${matrix.rows.length} of ${matrix.rows.length} checks`,
      );
      const text = await page.evaluate(() => document.body.innerText);
      expect(text).toContain(`evil ${SCRIPT}`);
      expect(text).toMatch(/2026-07-28: Core 2 failures/);
      expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
      expect(await page.$$eval('img', (els) => els.length)).toBe(0);
      expect(await page.$$eval('script', (els) => els.length)).toBe(2);
      expect(await page.$$eval('td.cell.unique', (els) => els.length)).toBe(V1_UNIQUE.length + V2_UNIQUE.length);
      expect(log).toEqual({ errors: [], dialogs: [], requests: [] });
      await page.close();
    });

    test('filters by verdict, unique failures, implementation, revision, level and text show exactly the matching rows', async () => {
      const { page, log } = await openMatrix();
      for (const verdict of ['error', 'unstable', 'warn', 'pass', 'skip']) await clickBox(page, 'verdict', verdict);
      const failing = matrix.rows.filter((r) => r.cells.some((c) => c?.verdict === 'fail')).map((r) => r.id);
      expect((await visibleRows(page)).map((d) => d.search.split(' ')[0])).toEqual(failing);

      await all(page);
      await page.check('#filters input[name="unique-only"]');
      expect((await visibleRows(page)).map((d) => d.search.split(' ')[0])).toEqual([...V2_UNIQUE, ...V1_UNIQUE]);
      // Hide the 2.x server: its unique failures go, and so does its column.
      await clickBox(page, 'impl', 'impl-3');
      expect((await visibleRows(page)).map((d) => d.search.split(' ')[0])).toEqual(V1_UNIQUE);
      expect(await page.$$eval('table.impl-matrix [data-impl="impl-3"]:not([hidden])', (els) => els.length)).toBe(0);

      await all(page);
      await clickBox(page, 'revision', '2025-11-25');
      const modern = await visibleRows(page);
      expect(modern.length).toBe(matrix.rows.filter((r) => r.revision === '2026-07-28').length);
      expect(await page.$$eval('tbody.group[data-group^="2025-11-25/"]:not([hidden])', (els) => els.length)).toBe(0);

      await all(page);
      await clickBox(page, 'level', 'MUST');
      expect((await visibleRows(page)).every((d) => d.level !== 'MUST')).toBe(true);

      await all(page);
      await page.fill('#filters input[name="text"]', 'UNSUPPORTED-VERSION');
      const found = (await visibleRows(page)).map((d) => d.search.split(' ')[0]);
      expect(found).toEqual(
        matrix.rows.filter((r) => `${r.id} ${r.title}`.toLowerCase().includes('unsupported-version')).map((r) => r.id),
      );
      expect(found.length).toBeGreaterThan(0);
      expect(await page.textContent('#filter-status')).toBe(`Showing ${found.length} of ${matrix.rows.length} checks`);
      expect(log).toEqual({ errors: [], dialogs: [], requests: [] });
      await page.close();
    });

    test('every cell links to evidence that exists: the run’s report at the check, or the reason on the page', async () => {
      const { page, log } = await openMatrix();
      const hrefs = await page.$$eval('td.cell a', (els) => els.map((e) => (e as unknown as { href: string }).href));
      expect(hrefs.length).toBe(matrix.rows.reduce((n, r) => n + r.cells.filter(Boolean).length, 0));
      const byPage = new Map<string, Set<string>>();
      for (const href of hrefs) {
        const url = new URL(href);
        const id = decodeURIComponent(url.hash.slice(1));
        url.hash = '';
        byPage.set(url.href, (byPage.get(url.href) ?? new Set()).add(id));
      }
      // The matrix page itself, and the two runs' own reports.
      expect(byPage.size).toBe(3);
      for (const [url, ids] of byPage) {
        const target = url === pathToFileURL(at('out/matrix.html')).href ? { page, log } : await open(url);
        const missing = await target.page.evaluate(
          (list) => list.filter((id) => !document.getElementById(id)),
          [...ids],
        );
        expect(missing, url).toEqual([]);
        expect(target.log).toEqual({ errors: [], dialogs: [], requests: [] });
        if (target.page !== page) await target.page.close();
      }
      // Following a cell of the 1.x server (no report given) lands on its reason on this page.
      await page.click(`tr.check-row[data-search^="${V1_UNIQUE[0]} "] td.cell[data-impl="impl-2"] a`);
      expect(await page.evaluate(() => decodeURIComponent(location.hash))).toBe(`#e-impl-2-${V1_UNIQUE[0]}`);
      expect(await page.textContent(`li[id="e-impl-2-${V1_UNIQUE[0]}"]`)).toContain('unique failure');
      await page.close();
    });
  },
);
