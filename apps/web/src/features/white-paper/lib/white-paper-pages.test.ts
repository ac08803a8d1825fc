import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WHITE_PAPER_PDF, whitePaperPageImage } from './white-paper-file';
import pages from './white-paper-pages.json';

const publicDir = resolve(__dirname, '../../../../public');
const pdf = readFileSync(resolve(publicDir, `.${WHITE_PAPER_PDF}`));

describe('the flipbook pages', () => {
  it('were drawn from the PDF that is shipped (run `npm run white-paper` after changing it)', () => {
    expect(pages.pdfSha256).toBe(createHash('sha256').update(pdf).digest('hex'));
  });

  it('have an image each, at the size the flipbook expects, and their text', () => {
    expect([pages.width, pages.height]).toEqual([1040, 1471]);
    pages.pages.forEach((text, index) => {
      const image = readFileSync(resolve(publicDir, `.${whitePaperPageImage(index + 1)}`));
      expect(image.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(text.length).toBeGreaterThan(20);
    });
    expect(existsSync(resolve(publicDir, `.${whitePaperPageImage(pages.pages.length + 1)}`))).toBe(
      false,
    );
    expect(pages.pages[0]).toContain('TMC White Paper');
  });
});
