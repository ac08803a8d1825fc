import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';

/** An inline link in the account screens' copy. */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={cn('rounded font-bold text-cyan underline-offset-4 hover:underline', className)}
      {...props}
    />
  );
}
