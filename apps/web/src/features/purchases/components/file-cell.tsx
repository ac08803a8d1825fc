import { fileKindOf } from '@tmc/shared';
import { Dialog } from '../../../components/ui/dialog';

export interface FilePreview {
  url: string;
  title: string;
}

interface FileCellProps {
  url: string | null;
  type: string | null;
  /** The column's name, e.g. "Bank Receipt". */
  label: string;
  onPreview: (preview: FilePreview) => void;
}

/** An image thumbnail that opens full size, a download link for anything else, '--' when absent. */
export function FileCell({ url, type, label, onPreview }: FileCellProps) {
  if (!url) return <span className="text-muted">--</span>;
  if (fileKindOf(type) === 'image') {
    return (
      <button
        type="button"
        onClick={() => onPreview({ url, title: label })}
        aria-label={`View ${label}`}
        className="block size-12 overflow-hidden rounded-lg border-2 border-line transition hover:border-cyan"
      >
        <img src={url} alt="" loading="lazy" className="size-full object-cover" />
      </button>
    );
  }
  // Files are served as downloads (never as pages of the site), so the link saves the file.
  return (
    <a
      href={url}
      download
      className="inline-flex items-center gap-1 font-semibold whitespace-nowrap text-cyan underline underline-offset-2"
    >
      {fileKindOf(type) === 'pdf' ? 'View PDF' : 'View file'}
      <span className="sr-only">: {label} (downloads the file)</span>
    </a>
  );
}

/** An image opened from a FileCell, full size. */
export function FilePreviewDialog({
  preview,
  onClose,
}: {
  preview: FilePreview | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={preview !== null} onClose={onClose} title={preview?.title ?? ''} size="lg">
      {preview ? (
        <img
          src={preview.url}
          alt={preview.title}
          className="max-h-[75dvh] w-full rounded-xl object-contain"
        />
      ) : null}
    </Dialog>
  );
}
