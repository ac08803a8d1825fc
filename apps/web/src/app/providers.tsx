import type { ReactNode } from 'react';
import { Toaster } from '../components/ui/toast';

/** What every page has around it. TanStack Query comes with the pages that use it (query-routes). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}
