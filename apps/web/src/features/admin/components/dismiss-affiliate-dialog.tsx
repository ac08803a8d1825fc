import { useState } from 'react';
import { adminUserMessages, type AdminUser } from '@tmc/shared';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { useDismissAffiliate } from '../api/dismiss-affiliate';
import { ConfirmDialog } from './confirm-dialog';

interface DismissAffiliateDialogProps {
  /** The affiliate to dismiss; null keeps the dialog closed. */
  user: AdminUser | null;
  onClose: () => void;
}

/** "Dismiss for breach" (affiliate terms, clause 4): asks for the reason the audit log keeps. */
export function DismissAffiliateDialog({ user, onClose }: DismissAffiliateDialogProps) {
  const dismiss = useDismissAffiliate();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  function close() {
    setReason('');
    setError(null);
    onClose();
  }

  async function confirm() {
    if (!user) return;
    const text = reason.trim();
    if (!text) {
      setError(adminUserMessages.reasonRequired);
      return;
    }
    try {
      const { message, data } = await dismiss.mutateAsync({ userId: user._id, reason: text });
      const voided = data.voidedEarnings === 1 ? '1 earning' : `${data.voidedEarnings} earnings`;
      toast.success(`${message || 'Affiliate dismissed'}: ${voided} voided`);
      close();
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : String(failure));
    }
  }

  return (
    <ConfirmDialog
      open={user !== null}
      title={user ? `Dismiss ${user.email} for breach?` : ''}
      confirmLabel="Dismiss for breach"
      confirmVariant="danger"
      busy={dismiss.isPending}
      onConfirm={() => void confirm()}
      onCancel={close}
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          They stop being an affiliate at once: their referral code no longer works, and every
          commission not paid yet is voided, also in a batch that is not paid. Paid commissions stay
          paid.
        </p>
        <TextField
          label="Reason"
          required
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.target.value);
            if (error) setError(null);
          }}
        />
      </div>
    </ConfirmDialog>
  );
}
