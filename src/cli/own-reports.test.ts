import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openReport, openReportSync } from './own-reports.js';

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
