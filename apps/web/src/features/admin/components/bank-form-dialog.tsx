import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { AdminBank, AdminBankBody } from '@tmc/shared';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { useSaveAdminBank } from '../api/save-admin-bank';
import { FormDialog } from './form-dialog';

/** The server's rules (admin-banks routes), checked here first for quick feedback. */
const bankSchema = z.object({
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3,5}$/, 'Invalid currency code'),
  bankName: z.string().trim().min(1, 'bankName is required').max(200),
  accountHolder: z.string().trim().min(1, 'accountHolder is required').max(200),
  BIC: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, 'BIC must be 8 or 11 letters and digits'),
  RoutingNumber: z.string().trim().max(64),
  accountNumber: z.string().trim().max(64),
});

type BankForm = z.input<typeof bankSchema>;

interface BankFormDialogProps {
  open: boolean;
  /** The account to edit; null to add one. */
  bank: AdminBank | null;
  onClose: () => void;
}

export function BankFormDialog({ open, bank, onClose }: BankFormDialogProps) {
  return open ? <BankFormBody bank={bank} onClose={onClose} /> : null;
}

function BankFormBody({ bank, onClose }: { bank: AdminBank | null; onClose: () => void }) {
  const save = useSaveAdminBank();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<BankForm, unknown, z.output<typeof bankSchema>>({
    resolver: zodResolver(bankSchema),
    defaultValues: {
      currency: bank?.currency ?? 'AUD',
      bankName: bank?.bankName ?? '',
      accountHolder: bank?.accountHolder ?? '',
      BIC: bank?.BIC ?? '',
      RoutingNumber: bank?.RoutingNumber ?? '',
      accountNumber: bank?.accountNumber ?? '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    const body: AdminBankBody = {
      ...values,
      RoutingNumber: values.RoutingNumber || null,
      accountNumber: values.accountNumber || null,
    };
    try {
      const { message } = await save.mutateAsync({ bankId: bank?._id ?? null, body });
      toast.success(message || 'Bank account saved');
      onClose();
    } catch (error) {
      const fields = (error as { errors?: Record<string, string> }).errors ?? {};
      for (const [name, text] of Object.entries(fields)) {
        if (name in bankSchema.shape) setError(name as keyof BankForm, { message: text });
      }
      toast.error(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <FormDialog
      title={bank ? `Edit ${bank.bankName}` : 'Add bank account'}
      busy={save.isPending}
      submitLabel={bank ? 'Save changes' : 'Add bank'}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Currency"
          required
          autoCapitalize="characters"
          error={errors.currency?.message}
          {...register('currency')}
        />
        <TextField label="BIC" required error={errors.BIC?.message} {...register('BIC')} />
      </div>
      <TextField
        label="Bank name"
        required
        error={errors.bankName?.message}
        {...register('bankName')}
      />
      <TextField
        label="Account holder"
        required
        error={errors.accountHolder?.message}
        {...register('accountHolder')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Routing number"
          error={errors.RoutingNumber?.message}
          {...register('RoutingNumber')}
        />
        <TextField
          label="Account number"
          error={errors.accountNumber?.message}
          {...register('accountNumber')}
        />
      </div>
    </FormDialog>
  );
}
