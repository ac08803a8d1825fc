import { createContext, useContext, useEffect } from 'react';

export const SITE_NAME = 'TMC Presale';

/** What index.html says about the site; pages without their own description use it. */
export const SITE_DESCRIPTION =
  'TMC presale: buy the TMC meme token by bank transfer or crypto, and earn 20% as an affiliate.';

/** A page's head as the prerendered HTML carries it. */
export interface PageHead {
  title?: string;
  description?: string;
}

/** Given only while prerendering: pages report their title and description to it. */
export const PageHeadContext = createContext<((head: PageHead) => void) | null>(null);

const fullTitle = (title: string) => (title ? `${title} · ${SITE_NAME}` : SITE_NAME);

function setMetaDescription(content: string) {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = content;
}

/**
 * Sets the tab title to "<title> · TMC Presale" and the meta description to `description`
 * (or the site's own when the page has none).
 */
export function useDocumentTitle(title: string, description?: string): void {
  // The page renders below its layouts, so the innermost caller has the last word.
  useContext(PageHeadContext)?.({
    title: fullTitle(title),
    description: description ?? SITE_DESCRIPTION,
  });
  useEffect(() => {
    document.title = fullTitle(title);
  }, [title]);
  useEffect(() => {
    setMetaDescription(description ?? SITE_DESCRIPTION);
  }, [description]);
}
