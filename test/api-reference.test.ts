// The API reference page that `npm run docs` builds from the OpenAPI document with Redocly (Redoc),
// opened in Chromium without a network: every operation and listener is on it, with no script error.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, watchedPage } from './chromium.js';

const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const doc = JSON.parse(readFileSync('openapi/product-order-service.openapi.json', 'utf8'));
let dir: string;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'api-reference-'));
  // the command of `npm run docs`, with the page written to a folder of the test's own
  const command = manifest.scripts.docs.split(' && ').find((part: string) => part.startsWith('redocly '));
  const args = command
    .split(' ')
    .slice(1)
    .map((arg: string) => (arg === 'docs/api/reference.html' ? join(dir, 'reference.html') : arg));
  execFileSync(process.execPath, [resolve('node_modules/@redocly/cli/bin/cli.js'), ...args], {
    stdio: 'ignore',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the API reference page', () => {
  it('shows every operation and listener of the document, offline, with no script error', async () => {
    const watched = await watchedPage(browser);
    const requests: string[] = [];
    watched.page.on('request', (request) => {
      if (!request.url().startsWith('file:') && !request.url().startsWith('data:')) requests.push(request.url());
    });
    await watched.page.route(/^https?:/, (route) => route.abort());
    await watched.page.goto(`file://${join(dir, 'reference.html')}`);
    // Redoc lists each operation by method and path, each webhook by its name
    const operations = [
      ...Object.entries<Record<string, unknown>>(doc.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()}\n${path}`),
      ),
      ...Object.keys(doc.webhooks).map((name) => `POST\n${name}`),
    ];
    expect(operations.length).toBe(10);
    await watched.page.getByText('Webhooks').first().waitFor({ timeout: 30_000 });
    // the text as rendered, a line per block: a method above its path
    const text = await watched.page.locator('body').evaluate((body: { innerText: string }) => body.innerText);
    for (const operation of operations) expect(text).toContain(operation);
    expect(text).toContain(doc.info.title);
    // the one thing the page fetches is Redocly's attribution logo, an image, shown or not
    const logo = /^https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg$/;
    expect(requests.filter((url) => !logo.test(url))).toEqual([]);
    // its failed load is the one console error allowed: every other request was refused above
    expect(watched.pageErrors.filter((error) => !error.includes('Failed to load resource'))).toEqual([]);
  }, 60_000);
});
