import type { FormEvent, ReactNode } from 'react';
import { Button, type ButtonVariant } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/**
 * A staff dialog holding one form: its fields, then Cancel and the submit button. While `busy`
 * the dialog stays open and Cancel is disabled.
 */
export function FormDialog({
  title,
  busy,
  submitLabel,
  submitVariant,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  busy: boolean;
  submitLabel: string;
  submitVariant?: ButtonVariant;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <Dialog open onClose={onClose} dismissible={!busy} title={title}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        {children}
        <div className="mt-2 flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant={submitVariant} loading={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
