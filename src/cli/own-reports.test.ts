import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isReport, mayStartReport, openReport, openReportSync } from './own-reports.js';

const dir = mkdtempSync(join(tmpdir(), 'pov-own-reports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('opening a report file', () => {
  // the open itself refuses a link (O_NOFOLLOW): a link put there after the check is not followed
  it.skipIf(process.platform === 'win32')(
    'the synchronous open, which checks nothing first, refuses a link at the system',
    () => {
      symlinkSync(join(dir, 'target-sync'), join(dir, 'link-sync'));
      expect(() => openReportSync(join(dir, 'link-sync'), true)).toThrow(expect.objectContaining({ code: 'symlink' }));
      expect(existsSync(join(dir, 'target-sync'))).toBe(false);
    },
  );

  it('refuses a link, leading nowhere or to a file, and writes none', async () => {
    symlinkSync(join(dir, 'target'), join(dir, 'link'));
    await expect(openReport(join(dir, 'link'))).rejects.toMatchObject({ code: 'symlink' });
    expect(existsSync(join(dir, 'target'))).toBe(false);
    const file = await openReport(join(dir, 'plain'));
    await file.close();
    expect(existsSync(join(dir, 'plain'))).toBe(true);
  });
});

describe('telling a report from its first bytes', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  const reports = [
    '{"source":"a.json","valid":true,"violations":[]}\n',
    '{"summary":{"orders":1,"valid":1,',
    '{"results":[\n]',
    '{"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0","runs":[{"tool":{"driver":{"name":"product-order-validate",',
    '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="product-order-validate">\n',
    '{"product-order-validate":"baseline","version":1,"violations":[',
    '[\n{"description":"x","check_name":"R1","fingerprint":"',
    '✓ a.json\n',
    '✗ a.json\n',
    '! a.json\n',
    '::error file=a.json',
    '\n1 order',
    '2 orders',
  ];

  it('decodes every start of a report, with a byte order mark too, and no order written by hand', async () => {
    for (const report of reports) {
      expect(mayStartReport(bytes(report)), report).toBe(true);
      expect(mayStartReport(bytes(`\ufeff${report}`)), report).toBe(true);
    }
    for (const order of ['{\n  "id": "1"', '{ "id": "1" }', '[ {', '', '\ufeff{\n']) {
      expect(mayStartReport(bytes(order)), order).toBe(false);
      expect(await isReport(bytes(order), async () => bytes('')), order).toBe(false);
    }
  });
});
