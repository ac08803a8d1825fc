import { cn } from '../../lib/cn';

interface MascotProps {
  className?: string;
  /** Accessible name; without it the drawing is decorative. */
  title?: string;
}

/** "Tammy", the TMC mascot: a lime blob with mismatched googly eyes and a cheeky grin. */
export function Mascot({ className, title }: MascotProps) {
  return (
    <svg
      viewBox="0 0 64 64"
      className={className}
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      <g stroke="#0b0b14" strokeLinecap="round" strokeLinejoin="round">
        <path d="M23 15 18 6M41 15l5-9" fill="none" strokeWidth="3" />
        <circle cx="18" cy="6" r="4" fill="#3de8ff" strokeWidth="2.5" />
        <circle cx="46" cy="6" r="4" fill="#ff4fd8" strokeWidth="2.5" />
        <path
          d="M32 13c14 0 26 9 26 24 0 14-11 23-26 23S6 51 6 37c0-15 12-24 26-24z"
          fill="#d4ff3a"
          strokeWidth="3"
        />
        <path
          d="M14 26c2-5 6-8 11-9"
          fill="none"
          stroke="#fff"
          strokeOpacity=".55"
          strokeWidth="2.5"
        />
        <circle cx="23" cy="32" r="8" fill="#fff" strokeWidth="2.5" />
        <circle cx="43" cy="30" r="10" fill="#fff" strokeWidth="2.5" />
        <path d="M20 44c4 7 20 7 24 0z" fill="#0b0b14" strokeWidth="2" />
      </g>
      <circle cx="25" cy="30" r="3.5" fill="#0b0b14" />
      <circle cx="46" cy="27" r="4.5" fill="#0b0b14" />
      <circle cx="26.2" cy="28.8" r="1.1" fill="#fff" />
      <circle cx="47.6" cy="25.4" r="1.4" fill="#fff" />
      <path d="M28 48c2-2.5 6-2.5 8 0-1.5 1.6-6.5 1.6-8 0z" fill="#ff4fd8" />
      <ellipse cx="13" cy="43" rx="3.5" ry="2" fill="#ff4fd8" opacity=".75" />
      <ellipse cx="52" cy="42" rx="3.5" ry="2" fill="#ff4fd8" opacity=".75" />
    </svg>
  );
}

/** Mascot plus the TMC word mark. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <Mascot className="size-9 shrink-0 -rotate-6" />
      <span className="font-display text-2xl leading-none font-black tracking-tight">
        TM<span className="text-lime">C</span>
      </span>
    </span>
  );
}
