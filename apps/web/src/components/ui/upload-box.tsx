import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { messages } from '@tmc/shared';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { FileIcon, TrashIcon, UploadIcon } from './icons';
import { Spinner } from './spinner';

/** Which files a box takes: the AML document is pdf only, everything else image or pdf. */
export type UploadAccept = 'pdf' | 'image-or-pdf';

export interface UploadedFile {
  /** The link to store (signed upload URL without its query string). */
  url: string;
  name: string;
  contentType: string;
  kind: 'image' | 'pdf';
  /** Local object URL for the preview; stored links are private and not viewable as-is. */
  previewUrl?: string;
}

export interface UploadBoxProps {
  label: string;
  accept: UploadAccept;
  /** Sends the file somewhere and resolves with the link to store. */
  upload: (file: File, onProgress: (percent: number) => void) => Promise<string>;
  /** Controlled value; leave undefined to let the box keep its own. */
  value?: UploadedFile | null;
  onChange?: (value: UploadedFile | null) => void;
  /** A form error to show, e.g. 'Receipt not provided'. */
  error?: string | null;
  hint?: ReactNode;
  disabled?: boolean;
  /** Marks the box as required: a star by its label and aria-required on its file input. */
  required?: boolean;
  maxBytes?: number;
  className?: string;
}

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const PDF_TYPE = 'application/pdf';
const MAX_BYTES = 10 * 1024 * 1024;
const UPLOAD_FAILED = 'Upload failed. Please try again.';

function fileKind(file: File): 'image' | 'pdf' | null {
  const type = file.type.toLowerCase();
  if (type === PDF_TYPE || (!type && file.name.toLowerCase().endsWith('.pdf'))) return 'pdf';
  if (IMAGE_TYPES.includes(type)) return 'image';
  return null;
}

const acceptAttribute: Record<UploadAccept, string> = {
  pdf: '.pdf,application/pdf',
  'image-or-pdf': '.pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp',
};

type Status = { state: 'idle' } | { state: 'uploading'; name: string; percent: number };

export function UploadBox({
  label,
  accept,
  upload,
  value,
  onChange,
  error,
  hint,
  disabled = false,
  required = false,
  maxBytes = MAX_BYTES,
  className,
}: UploadBoxProps) {
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [inner, setInner] = useState<UploadedFile | null>(null);
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const [localError, setLocalError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const current = value !== undefined ? value : inner;

  function commit(next: UploadedFile | null) {
    if (value === undefined) setInner(next);
    onChange?.(next);
  }

  async function take(files: FileList | File[] | null) {
    const list = files ? Array.from(files) : [];
    if (list.length === 0) return;
    if (list.length > 1) {
      setLocalError(messages.oneDocument);
      return;
    }
    const file = list[0] as File;
    const kind = fileKind(file);
    const wrongType = accept === 'pdf' ? messages.pdfOnly : messages.imageOrPdf;
    if (!kind || (accept === 'pdf' && kind !== 'pdf')) {
      setLocalError(wrongType);
      return;
    }
    if (file.size > maxBytes) {
      setLocalError(`Please select a file of ${Math.floor(maxBytes / (1024 * 1024))} MB or less.`);
      return;
    }
    setLocalError(null);
    setStatus({ state: 'uploading', name: file.name, percent: 0 });
    try {
      const url = await upload(file, (percent) =>
        setStatus({ state: 'uploading', name: file.name, percent }),
      );
      commit({
        url,
        name: file.name,
        contentType: file.type || PDF_TYPE,
        kind,
        previewUrl: URL.createObjectURL(file),
      });
    } catch (err) {
      // The server read the first bytes: named like an image or a pdf, but not one.
      const refused = err instanceof ApiError && err.message === messages.imageOrPdf;
      setLocalError(refused ? wrongType : UPLOAD_FAILED);
    } finally {
      setStatus({ state: 'idle' });
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  function remove() {
    if (current?.previewUrl?.startsWith('blob:')) URL.revokeObjectURL(current.previewUrl);
    commit(null);
    setLocalError(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    if (disabled || status.state === 'uploading') return;
    void take(event.dataTransfer.files);
  }

  const shownError = localError ?? error;
  const acceptText = accept === 'pdf' ? 'PDF only' : 'JPG, PNG, WebP or PDF';

  let content: ReactNode;
  if (status.state === 'uploading') {
    content = (
      <div className="flex flex-col gap-3 rounded-2xl border-2 border-cyan bg-surface-2 p-4">
        <div className="flex items-center gap-3 text-sm">
          <Spinner className="text-cyan" />
          <span className="min-w-0 flex-1 truncate font-semibold">{status.name}</span>
          <span className="font-bold text-cyan tabular-nums">Uploading… {status.percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-label={`Uploading ${label}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={status.percent}
          className="h-2.5 overflow-hidden rounded-full bg-surface-3"
        >
          <div
            className="h-full rounded-full bg-cyan transition-[width]"
            style={{ width: `${status.percent}%` }}
          />
        </div>
      </div>
    );
  } else if (current) {
    const preview = current.previewUrl ?? current.url;
    content = (
      <div className="flex items-center gap-3 rounded-2xl border-2 border-success/70 bg-surface-2 p-3">
        {current.kind === 'image' ? (
          <img
            src={preview}
            alt={`Preview of ${current.name}`}
            className="size-16 shrink-0 rounded-xl border-2 border-line object-cover"
          />
        ) : (
          <span className="grid size-16 shrink-0 place-items-center rounded-xl bg-surface-3 text-3xl text-pink">
            <FileIcon />
          </span>
        )}
        <div className="min-w-0 flex-1">
          {current.kind === 'pdf' ? (
            <a
              href={preview}
              target="_blank"
              rel="noopener noreferrer"
              className="block truncate font-semibold text-cyan underline underline-offset-2"
            >
              {current.name}
            </a>
          ) : (
            <p className="truncate font-semibold">{current.name}</p>
          )}
          <p className="text-sm text-success">Uploaded</p>
        </div>
        <button
          type="button"
          onClick={remove}
          disabled={disabled}
          aria-label={`Remove ${current.name}`}
          className="grid size-10 shrink-0 place-items-center rounded-full text-xl text-muted transition hover:bg-danger/15 hover:text-danger"
        >
          <TrashIcon />
        </button>
      </div>
    );
  } else {
    content = (
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-4 py-7 text-center transition',
          // :focus, not :focus-visible: a form that moves focus here to show an error shows the ring too.
          'has-[:focus]:outline-3 has-[:focus]:outline-offset-2 has-[:focus]:outline-cyan has-[:focus]:outline-solid',
          dragging ? 'border-lime bg-lime/10' : 'border-line bg-surface-2 hover:border-muted',
          shownError && 'border-danger',
          disabled && 'cursor-not-allowed opacity-60',
        )}
      >
        <UploadIcon className="text-3xl text-lime" />
        <span className="font-bold">
          Drop a file here or <span className="text-lime underline underline-offset-2">browse</span>
        </span>
        <span className="text-sm text-muted">{acceptText}, one file, up to 10 MB</span>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={acceptAttribute[accept]}
          disabled={disabled}
          aria-labelledby={`${inputId}-label`}
          aria-required={required || undefined}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError || hint ? messageId : undefined}
          onChange={(event) => void take(event.target.files)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' && event.key !== ' ') return;
            // Browsers differ on which keys open a file input's picker (and Enter may submit the
            // form instead): both open it here, once.
            event.preventDefault();
            event.currentTarget.click();
          }}
          className="sr-only"
        />
      </label>
    );
  }

  return (
    <div data-field="" className={cn('flex flex-col gap-1.5', className)}>
      <span
        className={cn('text-sm font-bold', required && 'required-mark')}
        id={`${inputId}-label`}
      >
        {label}
      </span>
      {content}
      {shownError ? (
        <p id={messageId} role="alert" className="text-sm font-medium text-danger">
          {shownError}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
