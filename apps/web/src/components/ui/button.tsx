import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

// Icons keep their size: in a square icon button (size-10 px-0) the size's padding wins over px-0.
const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-bold whitespace-nowrap select-none transition [&>svg]:shrink-0 ' +
  'disabled:cursor-not-allowed disabled:opacity-55 aria-disabled:cursor-not-allowed aria-disabled:opacity-55';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-lime text-ink shadow-chunky-sm hover:bg-lime-strong active:translate-y-px active:shadow-none border-2 border-ink',
  secondary: 'border-2 border-pink text-fg hover:bg-pink/15 active:translate-y-px',
  ghost: 'text-fg hover:bg-surface-3',
  danger:
    'bg-danger text-ink shadow-chunky-sm hover:brightness-110 active:translate-y-px active:shadow-none border-2 border-ink',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3.5 text-sm',
  md: 'min-h-11 px-5 text-base',
  lg: 'min-h-14 px-7 text-lg',
};

/** Button look for things that are not <button>, e.g. router links. */
export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  className?: string,
) {
  return cn(base, variants[variant], sizes[size], className);
}

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Disables the button and shows a spinner; the label stays for screen readers. */
  loading?: boolean;
  icon?: ReactNode;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  icon,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-variant={variant}
      className={buttonClasses(variant, size, className)}
      {...props}
    >
      {loading ? <Spinner /> : icon}
      {children}
    </button>
  );
}
