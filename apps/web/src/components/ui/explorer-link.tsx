import { createContext, use, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { shortHash } from '../../lib/format';
import { CopyButton } from './copy-button';

/** The block explorer base URL (EXPLORER_URL); null: no explorer, hashes and addresses stay plain text. */
export const ExplorerContext = createContext<string | null>(null);

/** `${base}/tx/<hash>` or `${base}/address/<addr>`; null without an explorer or for a value that is not hex. */
export function explorerHref(
  base: string | null | undefined,
  kind: 'tx' | 'address',
  value: string | null | undefined,
): string | null {
  if (!base || !value || !/^0x[0-9a-fA-F]+$/.test(value)) return null;
  return `${base.replace(/\/+$/, '')}/${kind}/${value}`;
}

/** The explorer page of a transaction or address from the context's explorer; null without one. */
export function useExplorerHref(kind: 'tx' | 'address', value: string | null | undefined) {
  return explorerHref(use(ExplorerContext), kind, value);
}

interface ExplorerLinkProps {
  kind: 'tx' | 'address';
  value: string;
  children: ReactNode;
  className?: string;
  /** Overrides the context's explorer. */
  base?: string | null;
}

/** Its children, linked to the block explorer page of the transaction or address when there is an explorer. */
export function ExplorerLink({ kind, value, children, className, base }: ExplorerLinkProps) {
  const fromContext = use(ExplorerContext);
  const href = explorerHref(base === undefined ? fromContext : base, kind, value);
  if (!href) return <>{children}</>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      title={`${kind === 'tx' ? 'Transaction' : 'Address'} ${value} on the block explorer (new tab)`}
      className={cn('text-cyan underline underline-offset-4 hover:text-lime', className)}
    >
      {children}
    </a>
  );
}

/** A transaction hash or address, shortened (whole in its title), linked to the explorer. */
export function ShortHash({
  kind,
  value,
  base,
}: {
  kind: 'tx' | 'address';
  value: string;
  /** Overrides the context's explorer. */
  base?: string | null;
}) {
  return (
    <ExplorerLink kind={kind} value={value} base={base}>
      <code className="font-mono" title={value}>
        {shortHash(value)}
      </code>
    </ExplorerLink>
  );
}

/** A transaction hash or address, shortened, linked to the explorer, with a copy button. */
export function HashLink({
  value,
  kind,
  copyLabel,
}: {
  value: string;
  kind: 'tx' | 'address';
  copyLabel: string;
}) {
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      <ShortHash kind={kind} value={value} />
      <CopyButton value={value} iconOnly ariaLabel={copyLabel} />
    </span>
  );
}
