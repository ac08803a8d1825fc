import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Links under the form, e.g. "Don't have an account? Sign up". */
  footer?: ReactNode;
}

/** The card every account screen sits in, titled with the page's h1. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <section className="container-page py-8 sm:py-12">
      <div className="card mx-auto w-full max-w-md p-5 shadow-chunky sm:p-8">
        <h1 className="text-3xl sm:text-4xl">{title}</h1>
        {description ? <p className="mt-2 break-words text-muted">{description}</p> : null}
        <div className="mt-6">{children}</div>
        {footer ? (
          <div className="mt-6 flex flex-col gap-2 border-t-2 border-line pt-5 text-sm text-muted">
            {footer}
          </div>
        ) : null}
      </div>
    </section>
  );
}
