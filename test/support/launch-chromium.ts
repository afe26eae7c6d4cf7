import { type Browser, chromium } from 'playwright-core';

/** Debian's chromium, unless CAIRN_CHROMIUM names another. */
export const CHROMIUM = process.env.CAIRN_CHROMIUM ?? '/usr/bin/chromium';

/** That chromium, as every browser test drives it: headless, and nothing fetched from the network. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}
