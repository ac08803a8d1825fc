/** The white paper PDF the project ships (apps/web/public, built by `npm run white-paper`). */
export const WHITE_PAPER_PDF = '/white-paper.pdf';
