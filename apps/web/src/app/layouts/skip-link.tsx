export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-[70] rounded-full bg-lime px-4 py-2 font-bold text-ink focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  );
}
