import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@tmc/shared';
import { ApiError } from '../../lib/api-client';
import { UploadBox } from './upload-box';

function file(name: string, type: string) {
  return new File(['%PDF-1.4 hello'], name, { type });
}

function input() {
  return screen.getByLabelText<HTMLInputElement>('Bank Receipt');
}

describe('UploadBox', () => {
  it('rejects more than one file', () => {
    const upload = vi.fn();
    render(<UploadBox label="Bank Receipt" accept="image-or-pdf" upload={upload} />);

    fireEvent.drop(screen.getByText(/drop a file here/i), {
      dataTransfer: { files: [file('a.pdf', 'application/pdf'), file('b.pdf', 'application/pdf')] },
    });

    expect(screen.getByRole('alert')).toHaveTextContent('Please select only 1 document');
    expect(upload).not.toHaveBeenCalled();
  });

  it('takes only pdf files when pdf-only', () => {
    const upload = vi.fn();
    render(<UploadBox label="Bank Receipt" accept="pdf" upload={upload} />);

    fireEvent.change(input(), { target: { files: [file('photo.png', 'image/png')] } });

    expect(screen.getByRole('alert')).toHaveTextContent('Select only pdf files.');
    expect(upload).not.toHaveBeenCalled();
  });

  it('takes images or pdf otherwise', () => {
    render(<UploadBox label="Bank Receipt" accept="image-or-pdf" upload={vi.fn()} />);
    fireEvent.change(input(), { target: { files: [file('notes.txt', 'text/plain')] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Select only images or pdf files.');
  });

  it('shows the percent while uploading, then the file, and resets on remove', async () => {
    let progress: (percent: number) => void = () => undefined;
    let finish: (link: string) => void = () => undefined;
    const upload = vi.fn(
      (_file: File, onProgress: (percent: number) => void) =>
        new Promise<string>((resolve) => {
          progress = onProgress;
          finish = resolve;
        }),
    );
    const onChange = vi.fn();
    render(<UploadBox label="Bank Receipt" accept="pdf" upload={upload} onChange={onChange} />);

    fireEvent.change(input(), { target: { files: [file('receipt.pdf', 'application/pdf')] } });
    expect(upload).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Uploading… 0%')).toBeInTheDocument();

    act(() => progress(42));
    expect(screen.getByText('Uploading… 42%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading Bank Receipt' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );

    finish('https://files.example/receipt.pdf');
    await act(() => Promise.resolve());
    expect(screen.getByRole('link', { name: 'receipt.pdf' })).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        url: 'https://files.example/receipt.pdf',
        kind: 'pdf',
        name: 'receipt.pdf',
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove receipt.pdf' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByText(/drop a file here/i)).toBeInTheDocument();
  });

  it.each([
    ['image-or-pdf', 'fake.png', 'image/png', 'Select only images or pdf files.'],
    ['pdf', 'fake.pdf', 'application/pdf', 'Select only pdf files.'],
  ] as const)(
    'shows the spec message when the server finds the bytes are not of the type (%s)',
    async (accept, name, type, message) => {
      const onChange = vi.fn();
      const upload = vi.fn(() =>
        Promise.reject(new ApiError(400, messages.imageOrPdf, { file: messages.imageOrPdf })),
      );
      render(
        <UploadBox label="Bank Receipt" accept={accept} upload={upload} onChange={onChange} />,
      );
      fireEvent.change(input(), { target: { files: [file(name, type)] } });
      await act(() => Promise.resolve());
      expect(screen.getByRole('alert')).toHaveTextContent(message);
      expect(screen.queryByText('Uploaded')).not.toBeInTheDocument();
      expect(screen.queryByRole('img')).not.toBeInTheDocument();
      expect(onChange).not.toHaveBeenCalled();
    },
  );

  it('says the upload failed for any other refusal', async () => {
    const upload = vi.fn(() => Promise.reject(new ApiError(403, 'This link has expired')));
    render(<UploadBox label="Bank Receipt" accept="image-or-pdf" upload={upload} />);
    fireEvent.change(input(), { target: { files: [file('a.png', 'image/png')] } });
    await act(() => Promise.resolve());
    expect(screen.getByRole('alert')).toHaveTextContent('Upload failed. Please try again.');
  });

  it('previews an uploaded image', async () => {
    render(
      <UploadBox
        label="Bank Receipt"
        accept="image-or-pdf"
        upload={() => Promise.resolve('https://f.example/a.png')}
      />,
    );
    fireEvent.change(input(), { target: { files: [file('a.png', 'image/png')] } });
    await act(() => Promise.resolve());
    expect(screen.getByRole('img', { name: 'Preview of a.png' })).toBeInTheDocument();
  });

  it.each(['Enter', ' '])(
    'opens the file picker once on %j, without submitting the form',
    (key) => {
      const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
      render(
        <form onSubmit={onSubmit}>
          <UploadBox label="Bank Receipt" accept="image-or-pdf" upload={vi.fn()} />
        </form>,
      );
      const picker = vi.spyOn(input(), 'click');
      input().focus();
      const notCancelled = fireEvent.keyDown(input(), { key });
      expect(notCancelled).toBe(false);
      expect(picker).toHaveBeenCalledTimes(1);
      expect(onSubmit).not.toHaveBeenCalled();
    },
  );
});
