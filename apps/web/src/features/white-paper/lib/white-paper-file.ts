/** The white paper PDF the project ships (apps/web/public, built by `npm run white-paper`). */
export const WHITE_PAPER_PDF = '/white-paper.pdf';

/**
 * Page `number` of that PDF as an image (apps/web/public/white-paper-pages, drawn from the PDF by the
 * same script, with the pages' text in white-paper-pages.json).
 */
export const whitePaperPageImage = (number: number) => `/white-paper-pages/${number}.webp`;
