import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { onTestFinished } from 'vitest';

/** Debian's Chromium: the browser tests drive it through playwright-core, which downloads nothing. */
export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

/** Says, once per file, why its browser tests are skipped. */
export function warnWithoutChromium(what: string): void {
  if (!hasChromium) console.warn(`${what} skipped: ${CHROMIUM} is missing (apt-get install -y chromium)`);
}

/** Headless Chromium, closed when the test ends. */
export async function launch(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  onTestFinished(() => browser.close());
  return browser;
}

/** Set MENUSYNC_SCREENSHOTS=DIR to keep the pages' screenshots (a phone's width) for a look. */
export function screenshots(page: Page): (name: string) => Promise<void> {
  const dir = process.env.MENUSYNC_SCREENSHOTS;
  return async (name) => {
    if (!dir) return;
    await mkdir(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
  };
}
