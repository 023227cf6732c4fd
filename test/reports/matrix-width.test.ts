// The matrix page of eight implementations over two revisions fits a 1280 px window in headless
// Chromium: nothing scrolls the page sideways (long labels, targets and statements wrap).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildImplementationMatrix } from '../../harness/results/implementation-matrix.js';
import { renderMatrixHtml } from '../../reports/matrix-page/index.js';
import { CHROMIUM, launchChromium, openLogged } from './browser.js';
import { tempDir } from './helpers.js';
import { type FakeCheck, fakeResults } from './matrix-fakes.js';

declare const document: {
  documentElement: { scrollWidth: number };
  querySelectorAll(s: string): ArrayLike<{ id: string; className: string; scrollWidth: number; clientWidth: number }>;
};

const WIDTH = 1280;
const AREAS = ['lifecycle', 'tools', 'resources', 'prompts'];

function checksOf(n: number): FakeCheck[] {
  return ['2026-07-28', '2025-11-25'].flatMap((revision) =>
    AREAS.flatMap(
      (area, a) =>
        [
          [
            `${revision}/${area}/a-rather-long-check-identifier-${a}`,
            (n + a) % 3 === 0 ? 'fail' : 'pass',
            'MUST',
            'the server answered with something long enough to wrap',
          ],
          [`${revision}/${area}/should-${a}`, (n + a) % 4 === 0 ? 'fail' : 'warn', 'SHOULD'],
        ] as FakeCheck[],
    ),
  );
}

function eightTargets() {
  return Array.from({ length: 8 }, (_, n) => {
    const results = fakeResults(checksOf(n), {
      name: `implementation-with-a-long-name-${n}`,
      version: `${n}.0.0-beta.12345`,
      transport: n % 2 ? 'http' : 'stdio',
      capabilities: { tools: {}, resources: {}, prompts: {} },
    });
    const description =
      n % 2
        ? `https://server-${n}.example.test/a/long/path/to/the/mcp/endpoint?with=query`
        : `node servers/implementation-${n}/dist/server-with-a-long-name.js --flag-one --flag-two=value`;
    return {
      results: { ...results, target: { ...results.target, description } },
      file: `results/implementation-${n}-results-file.json`,
    };
  });
}

describe.skipIf(!CHROMIUM)('matrix page width', () => {
  let context: BrowserContext;
  const dir = tempDir();
  const file = path.join(dir, 'matrix.html');

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      file,
      renderMatrixHtml(buildImplementationMatrix(eightTargets()), { name: 'mcp-conform', version: '0.1.0' }),
    );
    context = await launchChromium();
  });
  afterAll(async () => {
    await context?.close();
  });

  test(`8 implementations × 2 revisions fit ${WIDTH} px without sideways scrolling`, async () => {
    const { page, log } = await openLogged(context, pathToFileURL(file).href);
    await page.setViewportSize({ width: WIDTH, height: 900 });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    if (process.env.MATRIX_SCREENSHOT)
      await (await page.$('#matrix'))?.screenshot({ path: process.env.MATRIX_SCREENSHOT });
    expect(scrollWidth).toBeLessThanOrEqual(WIDTH);
    // Nor does a table hide its right edge inside its own scroll box.
    const boxes = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.scroll'), (el) => ({
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
      })),
    );
    expect(boxes.length).toBe(2);
    for (const box of boxes) expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
    expect(log).toEqual({ errors: [], dialogs: [], requests: [] });
    await page.close();
  });
});
