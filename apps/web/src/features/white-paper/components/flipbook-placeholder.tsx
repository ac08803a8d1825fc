import { Spinner } from '../../../components/ui/spinner';

/** Holds the book's place (one page on a phone, a spread above) while it loads. */
export function FlipbookPlaceholder() {
  return (
    <div className="mx-auto flex aspect-[0.707] w-full max-w-[1040px] items-center justify-center gap-3 rounded-[var(--radius-chunky)] border-2 border-line bg-surface px-4 text-center text-lg font-bold text-muted sm:aspect-[1.414]">
      <Spinner className="text-lime" />
      Opening the white paper…
    </div>
  );
}
