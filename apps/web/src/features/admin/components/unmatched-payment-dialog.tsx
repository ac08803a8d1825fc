import { useState } from 'react';
import {
  assignUnmatchedPaymentSchema,
  refundUnmatchedPaymentSchema,
  unmatchedPaymentReasonLabel,
  type UnmatchedPayment,
} from '@tmc/shared';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { formatAmount } from '../../../lib/format';
import { useAssignUnmatchedPayment } from '../api/assign-unmatched-payment';
import { useRefundUnmatchedPayment } from '../api/refund-unmatched-payment';
import { ConfirmDialog } from './confirm-dialog';

export type UnmatchedPaymentAction = 'assign' | 'refund';

interface UnmatchedPaymentDialogProps {
  /** The payment and what to do with it; null keeps the dialog closed. */
  target: { payment: UnmatchedPayment; action: UnmatchedPaymentAction } | null;
  onClose: () => void;
}

type Errors = Partial<Record<'reference' | 'remark', string>>;

const copy = {
  assign: {
    title: 'Assign payment to an order',
    confirm: 'Assign payment',
    effect:
      'The order is credited with this payment: its transaction becomes Success with this hash, the request is accepted, tokens and commissions follow, and the buyer is e-mailed.',
  },
  refund: {
    title: 'Mark payment refunded',
    confirm: 'Mark refunded',
    effect:
      'Record here that the payment was sent back to the sender; the refund itself is made outside the site.',
  },
} as const;

/** Assign (order reference and remark) or Mark refunded (remark), both audited by the server. */
export function UnmatchedPaymentDialog({ target, onClose }: UnmatchedPaymentDialogProps) {
  const assign = useAssignUnmatchedPayment();
  const refund = useRefundUnmatchedPayment();
  const [reference, setReference] = useState('');
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const action = target?.action ?? 'assign';
  const busy = assign.isPending || refund.isPending;

  function close() {
    setReference('');
    setRemark('');
    setErrors({});
    onClose();
  }

  function invalid(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
    const found: Errors = {};
    for (const issue of issues) {
      const field = issue.path[0];
      if ((field === 'reference' || field === 'remark') && !found[field]) {
        found[field] = issue.message;
      }
    }
    setErrors(found);
  }

  /** Sends the action; answers the confirmation to toast, or null when the form is not valid. */
  async function send(paymentId: string): Promise<string | null> {
    if (action === 'assign') {
      const parsed = assignUnmatchedPaymentSchema.safeParse({ reference, remark });
      if (!parsed.success) {
        invalid(parsed.error.issues);
        return null;
      }
      const { message } = await assign.mutateAsync({ paymentId, body: parsed.data });
      return message || `Payment assigned to ${parsed.data.reference}`;
    }
    const parsed = refundUnmatchedPaymentSchema.safeParse({ remark });
    if (!parsed.success) {
      invalid(parsed.error.issues);
      return null;
    }
    const { message } = await refund.mutateAsync({ paymentId, body: parsed.data });
    return message || 'Payment marked refunded';
  }

  async function confirm() {
    if (!target) return;
    try {
      const done = await send(target.payment._id);
      if (done === null) return;
      toast.success(done);
      close();
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : String(failure));
    }
  }

  const payment = target?.payment;
  return (
    <ConfirmDialog
      open={target !== null}
      title={copy[action].title}
      confirmLabel={copy[action].confirm}
      confirmVariant={action === 'refund' ? 'danger' : 'primary'}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={close}
    >
      {payment ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm">
            <strong className="tabular-nums">
              {formatAmount(payment.amount, 18)} {payment.coin}
            </strong>{' '}
            from <code className="font-mono break-all">{payment.fromAddress}</code> (
            {unmatchedPaymentReasonLabel[payment.reason]}).
          </p>
          <p className="text-sm text-muted">{copy[action].effect}</p>
          {action === 'assign' ? (
            <TextField
              label="Order reference"
              required
              autoComplete="off"
              spellCheck={false}
              placeholder="TMC-…"
              value={reference}
              error={errors.reference}
              hint={
                payment.purchaseReference
                  ? `The buyer claimed it for ${payment.purchaseReference}.`
                  : undefined
              }
              onChange={(event) => {
                setReference(event.target.value);
                setErrors((current) => ({ ...current, reference: undefined }));
              }}
            />
          ) : null}
          <TextArea
            label="Remark"
            required
            maxLength={500}
            value={remark}
            error={errors.remark}
            onChange={(event) => {
              setRemark(event.target.value);
              setErrors((current) => ({ ...current, remark: undefined }));
            }}
          />
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
