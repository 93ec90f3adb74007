import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';

/**
 * Debian's Chromium (`CHROMIUM_PATH` for another), headless, without anything that talks to the
 * network on its own: the browser tests and the benchmark's page measures launch it alike.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}
