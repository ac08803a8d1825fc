import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { PageFlip } from 'page-flip';
import { FlipbookControls } from './flipbook-controls';
import { FlipbookError } from './flipbook-error';
import { FlipbookPagesPlaceholder } from './flipbook-placeholder';
import { openPdf, pageAspect, renderPage } from '../lib/pdf-pages';
import { pageLabel, visiblePages } from '../lib/visible-pages';

/** Below two of these side by side the book shows one page at a time (phones). */
const MIN_PAGE_WIDTH = 280;
const MAX_PAGE_WIDTH = 520;

interface Sheet {
  element: HTMLDivElement;
  canvas: HTMLCanvasElement;
  text: HTMLDivElement;
}

/** page-flip moves and styles its pages itself, so they are plain elements, not React's. */
function createSheet(number: number, total: number): Sheet {
  const element = document.createElement('div');
  element.className = 'overflow-hidden bg-white';
  element.dataset.density = number === 1 || number === total ? 'hard' : 'soft';
  const canvas = document.createElement('canvas');
  canvas.className = 'block size-full';
  canvas.setAttribute('aria-hidden', 'true');
  canvas.dataset.page = String(number);
  const text = document.createElement('div');
  text.className = 'sr-only';
  text.textContent = `Page ${number} of ${total}`;
  element.append(canvas, text);
  return { element, canvas, text };
}

function prefersReducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function isTyping(target: EventTarget | null) {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * The PDF as a book: pdf.js draws every page on a canvas and page-flip turns them. Previous
 * and Next buttons, the arrow keys, a click or a drag on a page corner all turn pages.
 */
export function Flipbook({ url }: { url: string }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const bookRef = useRef<PageFlip | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [current, setCurrent] = useState(0);
  const [count, setCount] = useState(0);
  const [portrait, setPortrait] = useState(false);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let cancelled = false;
    let opened = false;
    let book: PageFlip | null = null;
    let resizeObserver: ResizeObserver | undefined;
    const task = openPdf(url);

    async function load(container: HTMLDivElement) {
      const pdf = await task.promise;
      const { width, height } = await pageAspect(pdf);
      const total = pdf.numPages;
      const single = container.clientWidth < 2 * MIN_PAGE_WIDTH;
      const pageWidth = Math.min(
        single ? container.clientWidth : container.clientWidth / 2,
        MAX_PAGE_WIDTH,
      );
      const sheets = Array.from({ length: total }, (_, index) => createSheet(index + 1, total));
      const drawing = new Map<number, Promise<void>>();
      const draw = (number: number) => {
        const sheet = sheets[number - 1];
        if (!sheet || drawing.has(number)) return drawing.get(number);
        const done = renderPage(pdf, number, sheet.canvas, pageWidth).then((text) => {
          sheet.text.textContent = `Page ${number} of ${total}. ${text}`;
        });
        drawing.set(number, done);
        return done;
      };
      // Pages are drawn as the reader nears them (the open spread and the next two), not all at
      // once: drawing is main-thread work that would keep a phone busy long after the page loads.
      const drawAround = (index: number) => {
        for (let number = index; number <= index + 4; number++)
          void draw(number)?.catch(() => undefined);
      };

      // The cover first, so the book opens on a drawn page.
      await draw(1);
      if (cancelled) return;

      const element = document.createElement('div');
      element.className = 'mx-auto';
      container.append(element);
      book = new PageFlip(element, {
        width,
        height,
        size: 'stretch',
        minWidth: MIN_PAGE_WIDTH,
        maxWidth: MAX_PAGE_WIDTH,
        minHeight: (MIN_PAGE_WIDTH * height) / width,
        maxHeight: (MAX_PAGE_WIDTH * height) / width,
        showCover: true,
        usePortrait: true,
        maxShadowOpacity: 0.4,
        flippingTime: 700,
        mobileScrollSupport: true,
      });
      book.on('flip', (event) => {
        setCurrent(event.data);
        drawAround(event.data);
      });
      book.on('changeOrientation', (event) => setPortrait(event.data === 'portrait'));
      book.loadFromHTML(sheets.map((sheet) => sheet.element));
      bookRef.current = book;
      // page-flip measures itself on window resizes only, and can measure before its own
      // layout settles; re-measure whenever the column's size really changes.
      let measured = '';
      resizeObserver = new ResizeObserver(() => {
        const size = `${container.clientWidth}x${container.clientHeight}`;
        if (size === measured) return;
        measured = size;
        book?.update();
      });
      resizeObserver.observe(container);
      const firstPage = book.getCurrentPageIndex();
      const orientation = book.getOrientation();
      // In the same frame as the book's pages: a frame with both would push the placeholder down.
      flushSync(() => {
        setCount(total);
        setCurrent(firstPage);
        setPortrait(orientation === 'portrait');
        setStatus('ready');
      });
      opened = true;
      drawAround(firstPage);
    }

    // Once the book is open, a page that fails to draw stays blank rather than hiding the rest.
    load(host).catch(() => {
      if (!cancelled && !opened) setStatus('error');
    });

    return () => {
      cancelled = true;
      resizeObserver?.disconnect();
      bookRef.current = null;
      book?.destroy();
      void task.destroy();
    };
  }, [url]);

  const turn = useCallback((direction: 'next' | 'prev') => {
    const book = bookRef.current;
    if (!book) return;
    const count = book.getPageCount();
    const [first, last] = visiblePages(
      book.getCurrentPageIndex(),
      count,
      book.getOrientation() === 'portrait',
    );
    // page-flip fails when asked to turn past either end.
    if (direction === 'next' ? last >= count - 1 : first === 0) return;
    if (prefersReducedMotion()) {
      if (direction === 'next') book.turnToNextPage();
      else book.turnToPrevPage();
    } else if (direction === 'next') book.flipNext();
    else book.flipPrev();
  }, []);

  useEffect(() => {
    if (status !== 'ready') return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key === 'ArrowRight') turn('next');
      else if (event.key === 'ArrowLeft') turn('prev');
      else return;
      event.preventDefault();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [status, turn]);

  const shown = visiblePages(current, count, portrait);

  return (
    <div className="flex flex-col gap-5">
      <div className="relative overflow-hidden">
        <div ref={hostRef} />
        {status === 'loading' ? <FlipbookPagesPlaceholder /> : null}
        {status === 'error' ? <FlipbookError /> : null}
      </div>

      {status === 'error' ? null : (
        <FlipbookControls
          label={status === 'ready' ? pageLabel(shown, count) : undefined}
          canTurnBack={status === 'ready' && shown[0] > 0}
          canTurnOn={status === 'ready' && shown[1] < count - 1}
          onTurn={turn}
        />
      )}
    </div>
  );
}
