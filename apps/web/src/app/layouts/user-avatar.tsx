import { cn } from '../../lib/cn';
import { initialOf } from '../../lib/format';

export function UserAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid size-10 shrink-0 place-items-center rounded-full border-2 border-ink bg-pink font-display text-lg font-black text-ink',
        className,
      )}
    >
      {initialOf(name)}
    </span>
  );
}
