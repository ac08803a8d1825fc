export function FlipbookError() {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-2 rounded-[var(--radius-chunky)] border-2 border-danger bg-surface px-6 py-12 text-center"
    >
      <p className="font-display text-xl font-black">The flipbook could not be shown</p>
      <p className="text-muted">You can still download the white paper as a PDF below.</p>
    </div>
  );
}
