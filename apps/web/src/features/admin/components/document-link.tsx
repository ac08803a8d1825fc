import { useState } from 'react';
import { fileKindOf } from '@tmc/shared';
import { Dialog } from '../../../components/ui/dialog';
import { FileIcon } from '../../../components/ui/icons';

interface DocumentLinkProps {
  label: string;
  /** A short-lived signed URL, or null when the buyer gave none. */
  url: string | null;
  type: string | null;
}

const tile =
  'flex items-center gap-3 rounded-2xl border-2 border-line bg-surface-2 p-2.5 text-left text-sm font-bold transition hover:border-cyan';

/**
 * One uploaded document: an image opens full size in a dialog; a pdf downloads (files are served
 * as attachments, never as pages of the site, and the content policy keeps them out of frames).
 */
export function DocumentLink({ label, url, type }: DocumentLinkProps) {
  const [open, setOpen] = useState(false);
  if (!url) {
    return (
      <div className="flex items-center gap-3 rounded-2xl border-2 border-dashed border-line p-2.5 text-sm text-muted">
        <span className="grid size-12 place-items-center">--</span>
        {label}: none
      </div>
    );
  }
  if (fileKindOf(type) === 'image') {
    return (
      <>
        <button type="button" className={tile} onClick={() => setOpen(true)}>
          <img
            src={url}
            alt=""
            loading="lazy"
            className="size-12 shrink-0 rounded-lg border-2 border-line object-cover"
          />
          <span>
            View {label}
            <span className="block text-xs font-normal text-muted">Image</span>
          </span>
        </button>
        <Dialog open={open} onClose={() => setOpen(false)} title={label} size="lg">
          <img src={url} alt={label} className="max-h-[75dvh] w-full rounded-xl object-contain" />
          <a
            href={url}
            download
            className="mt-3 inline-flex items-center gap-1 text-sm font-bold text-cyan underline underline-offset-2"
          >
            Download
          </a>
        </Dialog>
      </>
    );
  }
  return (
    <a href={url} download className={tile}>
      <span className="grid size-12 shrink-0 place-items-center rounded-lg bg-surface-3 text-2xl text-pink">
        <FileIcon />
      </span>
      <span>
        View {label}
        <span className="flex items-center gap-1 text-xs font-normal text-muted">
          PDF, downloads
        </span>
      </span>
    </a>
  );
}
