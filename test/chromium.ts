// Debian's Chromium for the browser tests, driven by playwright-core (which downloads no browser),
// and a page that records its script errors and the violations of its Content-Security-Policy.
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';

const flags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Chromium at `$CHROMIUM`, else /usr/bin/chromium. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: flags });

/** A watched page and what it saw. */
export interface WatchedPage {
  readonly page: Page;
  /** The page's uncaught errors and console errors. */
  readonly pageErrors: string[];
  /** Each CSP violation the page reported, as `directive blockedURI`. */
  readonly cspViolations: () => Promise<string[]>;
}

/**
 * A page in a context of its own (AxeBuilder opens a second, blank page in it to put its results
 * together), recording script errors and CSP violations. The policy is not bypassed.
 */
export async function watchedPage(browser: Browser, options?: BrowserContextOptions): Promise<WatchedPage> {
  const page = await (await browser.newContext(options)).newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  // runs before the page's own scripts, and outside its CSP; given as text, since the tests
  // compile without the DOM types
  await page.addInitScript(`
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.cspViolations.push(event.effectiveDirective + ' ' + event.blockedURI));
  `);
  return { page, pageErrors, cspViolations: () => page.evaluate<string[]>('window.cspViolations') };
}

/**
 * Whether the page's policy is in force: an inline script added now is blocked and reported, so the
 * page's listener would have seen any violation before. Gives the CSP violations afterwards and
 * whether the script ran.
 */
export async function tryInlineScript(watched: WatchedPage): Promise<{ violations: string[]; ran: boolean }> {
  const { page, cspViolations } = watched;
  const before = (await cspViolations()).length;
  await page.evaluate(`
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = true';
    document.body.append(script);
  `);
  for (let tries = 0; tries < 50 && (await cspViolations()).length === before; tries++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return { violations: await cspViolations(), ran: await page.evaluate<boolean>('window.inlineRan === true') };
}
