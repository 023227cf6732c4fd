// Headless Chromium for the report pages' browser tests (Debian chromium, driven by
// playwright-core): where it is, how it starts on a closed network, and a page that records
// every script error, dialog and fetch.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p): p is string => !!p && existsSync(p),
);

// The machine's closed network refuses Chromium's background connections: switch them off.
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface PageLog {
  errors: string[];
  dialogs: string[];
  requests: string[];
}

export function launchChromium(): Promise<BrowserContext> {
  return chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'mcp-conform-chromium-')), {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
  });
}

/** Opens a page and waits for its script to say it is ready; the log collects what must stay empty. */
export async function openLogged(context: BrowserContext, url: string): Promise<{ page: Page; log: PageLog }> {
  const page = await context.newPage();
  const log: PageLog = { errors: [], dialogs: [], requests: [] };
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') log.errors.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => log.errors.push(`pageerror: ${e.message}`));
  page.on('dialog', (d) => {
    log.dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('request', (r) => {
    if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) log.requests.push(r.url());
  });
  await page.goto(url);
  await page.waitForSelector('html[data-ready="yes"]');
  return { page, log };
}
