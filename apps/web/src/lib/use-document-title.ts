import { useEffect } from 'react';

export const SITE_NAME = 'TMC Presale';

/** What index.html says about the site; pages without their own description use it. */
export const SITE_DESCRIPTION =
  'TMC presale: buy the TMC meme token by bank transfer or crypto, and earn 20% as an affiliate.';

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
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_NAME;
  }, [title]);
  useEffect(() => {
    setMetaDescription(description ?? SITE_DESCRIPTION);
  }, [description]);
}
