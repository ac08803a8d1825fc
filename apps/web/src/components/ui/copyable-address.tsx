import { cn } from '../../lib/cn';
import { COPIED_TEXT, CopiedStatus, useCopyToClipboard } from './copy-button';
import { CheckIcon, CopyIcon } from './icons';

interface CopyableAddressProps {
  /** The address, shown in full and put on the clipboard. */
  value: string;
  className?: string;
}

/** A wallet address that copies itself when clicked, with the Copy / 'Copied!' cue inside. */
export function CopyableAddress({ value, className }: CopyableAddressProps) {
  const { copied, copy } = useCopyToClipboard(value);
  return (
    <>
      <button
        type="button"
        onClick={copy}
        title="Click to copy"
        className={cn(
          'group flex w-full items-center gap-3 rounded-2xl border-2 border-line bg-ink p-3 text-left transition hover:border-lime sm:p-4',
          copied && 'border-success hover:border-success',
          className,
        )}
      >
        <code className="min-w-0 flex-1 font-mono text-sm break-all text-fg sm:text-base">
          {value}
        </code>
        <span
          className={cn(
            'inline-flex shrink-0 items-center gap-1.5 rounded-full border-2 px-3 py-1.5 text-sm font-bold transition',
            copied ? 'border-success text-success' : 'border-pink text-fg group-hover:bg-pink/15',
          )}
        >
          {copied ? <CheckIcon /> : <CopyIcon />}
          {copied ? COPIED_TEXT : 'Copy'}
        </span>
      </button>
      <CopiedStatus copied={copied} />
    </>
  );
}
