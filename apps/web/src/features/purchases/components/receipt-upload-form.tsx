import { useEffect, useRef, useState, type FormEvent } from 'react';
import { messages, type Envelope, type Purchase } from '@tmc/shared';
import { Button, type ButtonSize } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import {
  UploadBox,
  type UploadBoxProps,
  type UploadedFile,
} from '../../../components/ui/upload-box';
import { focusFirstInvalid } from '../../../lib/focus-first-error';
import { useAttachReceipt } from '../api/attach-receipt';

export interface ReceiptUploadFormProps {
  purchaseId: string;
  upload: UploadBoxProps['upload'];
  label: string;
  hint: string;
  submitLabel: string;
  submitSize?: ButtonSize;
  /** Brings the upload box into view with its message when the receipt is missing or refused. */
  focusOnError?: boolean;
  /** Called with the server's answer once the receipt is attached. */
  onAttached: (answer: Envelope<{ purchase: Purchase }>) => void;
}

/**
 * The bank receipt of an order: the upload box and its submit. A refusal shows in a toast and
 * under the box.
 */
export function ReceiptUploadForm({
  purchaseId,
  upload,
  label,
  hint,
  submitLabel,
  submitSize,
  focusOnError = false,
  onAttached,
}: ReceiptUploadFormProps) {
  const attach = useAttachReceipt(purchaseId);
  const [receipt, setReceipt] = useState<UploadedFile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (focusOnError && error) focusFirstInvalid(formRef.current);
  }, [focusOnError, error]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!receipt) {
      setError(messages.receipt);
      return;
    }
    try {
      const answer = await attach.mutateAsync({
        receiptUrl: receipt.url,
        receiptType: receipt.kind,
      });
      setReceipt(null);
      onAttached(answer);
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : String(caught);
      setError(message);
      toast.error(message);
    }
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4"
    >
      <UploadBox
        label={label}
        required
        accept="image-or-pdf"
        hint={hint}
        upload={upload}
        value={receipt}
        onChange={(value) => {
          setReceipt(value);
          setError(null);
        }}
        error={error}
      />
      <Button type="submit" size={submitSize} loading={attach.isPending} className="sm:self-end">
        {submitLabel}
      </Button>
    </form>
  );
}
