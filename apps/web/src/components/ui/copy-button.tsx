import { useEffect, useRef, useState } from 'react';
import { messages } from '@tmc/shared';
import { cn } from '../../lib/cn';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button';
import { CheckIcon, CopyIcon } from './icons';
import { toast } from './toast';

/** Spec section 9: the copy confirmation shows for 2 seconds. */
export const COPIED_MS = 2000;

/**
 * Puts `value` on the clipboard; `copied` stays true for COPIED_MS so the control can show
 * 'Copied!' (with CopiedStatus for screen readers). That inline cue is the only feedback of a
 * copy; a failure, which has no cue of its own, is a toast.
 */
export function useCopyToClipboard(value: string) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function copyAsync() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      toast.error(messages.copyFailed);
    }
  }

  return { copied, copy: () => void copyAsync() };
}

/** The inline cue of a copy (spec: 'Copied!' for 2 seconds). */
export const COPIED_TEXT = 'Copied!';

/** Announces 'Copied!' to screen readers while it shows (a live region, empty otherwise). */
export function CopiedStatus({ copied }: { copied: boolean }) {
  return (
    <span role="status" className="sr-only">
      {copied ? COPIED_TEXT : ''}
    </span>
  );
}

interface CopyButtonProps {
  /** The text put on the clipboard. */
  value: string;
  label?: string;
  /** Accessible name when the visible label is not enough, e.g. "Copy wallet address". */
  ariaLabel?: string;
  /** Show only the icon (the label stays for screen readers). */
  iconOnly?: boolean;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

export function CopyButton({
  value,
  label = 'Copy',
  ariaLabel,
  iconOnly = false,
  variant = 'secondary',
  size = 'sm',
  className,
}: CopyButtonProps) {
  const { copied, copy } = useCopyToClipboard(value);
  const text = copied ? COPIED_TEXT : label;
  return (
    <>
      <button
        type="button"
        onClick={copy}
        aria-label={ariaLabel && !copied ? ariaLabel : undefined}
        className={cn(
          iconOnly
            ? 'inline-flex size-9 items-center justify-center rounded-full text-lg text-muted transition hover:bg-surface-3 hover:text-fg'
            : buttonClasses(variant, size),
          copied && 'text-success',
          className,
        )}
      >
        {copied ? <CheckIcon /> : <CopyIcon />}
        <span className={iconOnly ? 'sr-only' : undefined}>{text}</span>
      </button>
      <CopiedStatus copied={copied} />
    </>
  );
}
