/** Where the Pay with wallet button appears while its chunk loads. */
export function WalletSkeleton() {
  return (
    <span
      className="block h-14 animate-skeleton rounded-full bg-surface-3 sm:w-56"
      aria-hidden="true"
    />
  );
}
