import {
  getDocument,
  GlobalWorkerOptions,
  type PDFDocumentLoadingTask,
  type PDFDocumentProxy,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
// The legacy build carries the polyfills that phones a few versions behind still need.
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

export type { PDFDocumentProxy };

/** Opens a PDF by URL; wasm decoders stay off because the site's CSP allows no wasm. */
export function openPdf(url: string): PDFDocumentLoadingTask {
  return getDocument({ url, useWasm: false });
}

/** Width over height of the first page (all pages of the white paper share it). */
export async function pageAspect(
  pdf: PDFDocumentProxy,
): Promise<{ width: number; height: number }> {
  const page = await pdf.getPage(1);
  const { width, height } = page.getViewport({ scale: 1 });
  return { width, height };
}

/** Draws page `number` into `canvas`, `cssWidth` wide, and returns the page's text. */
export async function renderPage(
  pdf: PDFDocumentProxy,
  number: number,
  canvas: HTMLCanvasElement,
  cssWidth: number,
): Promise<string> {
  const page = await pdf.getPage(number);
  const pixelRatio = Math.min(window.devicePixelRatio || 1, 2);
  const viewport = page.getViewport({
    scale: (cssWidth * pixelRatio) / page.getViewport({ scale: 1 }).width,
  });
  canvas.width = Math.round(viewport.width);
  canvas.height = Math.round(viewport.height);
  await page.render({ canvas, viewport }).promise;
  const content = await page.getTextContent();
  page.cleanup();
  return content.items
    .map((item) => ('str' in item ? item.str : ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
