import { lazy, Suspense } from 'react';
import { FlipbookBoundary } from '../../features/white-paper/components/flipbook-boundary';
import { FlipbookError } from '../../features/white-paper/components/flipbook-error';
import { FlipbookPlaceholder } from '../../features/white-paper/components/flipbook-placeholder';
import { WHITE_PAPER_PDF } from '../../features/white-paper/lib/white-paper-file';
import { FileIcon } from '../../components/ui/icons';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useHydrated } from '../../lib/use-hydrated';

// page-flip and the pages' text load with this page only, once it is up.
const Flipbook = lazy(() =>
  import('../../features/white-paper/components/flipbook').then((m) => ({ default: m.Flipbook })),
);

export function WhitePaperRoute() {
  useDocumentTitle(
    'White Paper',
    'Page through the TMC white paper: the token, the presale, the swap offer, the affiliate programme, the risks and the disclaimer.',
  );
  // The prerendered page shows the placeholder; the viewer starts in the browser.
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="white-paper-heading" className="container-page py-10 sm:py-14">
      <div className="mb-8 flex flex-col items-start gap-4">
        <span className="rounded-full border-2 border-cyan px-3 py-1 text-xs font-black tracking-widest text-cyan uppercase">
          Read all about it
        </span>
        <h1 id="white-paper-heading" className="text-4xl sm:text-5xl">
          White Paper
        </h1>
        <p className="max-w-2xl text-lg text-muted">
          What TMC is, how the presale, the swap offer and the affiliate programme work, and the
          risks of taking part. Turn the pages with the buttons, your arrow keys or a click on a
          page corner.
        </p>
      </div>

      {hydrated ? (
        <FlipbookBoundary fallback={<FlipbookError />}>
          <Suspense fallback={<FlipbookPlaceholder />}>
            <Flipbook />
          </Suspense>
        </FlipbookBoundary>
      ) : (
        <FlipbookPlaceholder />
      )}

      <p className="mt-8 text-center">
        <a
          href={WHITE_PAPER_PDF}
          download="tmc-white-paper.pdf"
          className="inline-flex items-center gap-2 rounded font-bold text-cyan underline underline-offset-4 hover:text-fg"
        >
          <FileIcon className="text-xl" />
          Download the white paper (PDF)
        </a>
      </p>
    </section>
  );
}
