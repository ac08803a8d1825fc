import { useEffect } from 'react';

export const SITE_NAME = 'TMC Presale';

/** Sets the tab title to "<title> · TMC Presale". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
