import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { updateWalletSchema, type UpdateWalletBody } from '@tmc/shared';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { useUpdateWallet } from '../api/update-wallet';
import { clearOnUserFocus, useFocusFirstError } from '../../../lib/focus-first-error';

interface WalletFormProps {
  currentWallet: string | null;
  /** An address to fill in, e.g. the wallet a payment was just sent from. */
  suggestedWallet?: string | null;
}

export function WalletForm({ currentWallet, suggestedWallet }: WalletFormProps) {
  const updateWallet = useUpdateWallet();
  const {
    register,
    handleSubmit,
    clearErrors,
    reset,
    control,
    formState: { errors, submitCount },
  } = useForm<z.input<typeof updateWalletSchema>, unknown, UpdateWalletBody>({
    resolver: zodResolver(updateWalletSchema),
    defaultValues: { walletAddress: suggestedWallet ?? '', password: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const formRef = useFocusFirstError(submitCount, errors);
  const typed = useWatch({ control, name: 'walletAddress' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data } = await updateWallet.mutateAsync(values);
      toast.success(data.msg);
      reset();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
    >
      <div className="flex flex-col gap-1 rounded-2xl border-2 border-line bg-surface-2 p-4">
        <span className="text-xs font-black tracking-widest text-muted uppercase">
          Current wallet
        </span>
        {currentWallet ? (
          <code className="font-mono text-sm break-all text-fg">{currentWallet}</code>
        ) : (
          <span className="text-sm text-muted">No wallet address saved yet.</span>
        )}
      </div>
      <TextField
        label="Wallet Address"
        required
        placeholder="0x…"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        className="font-mono"
        hint="Your Ethereum address: 0x followed by 40 characters."
        error={errors.walletAddress?.message}
        announceError
        {...register('walletAddress')}
        onFocus={clearOnUserFocus(() => clearErrors('walletAddress'))}
      />
      <TextField
        label="Password"
        type="password"
        required
        autoComplete="current-password"
        hint="Your account password confirms the change; we e-mail you about it."
        error={errors.password?.message}
        announceError
        {...register('password')}
        onFocus={clearOnUserFocus(() => clearErrors('password'))}
      />
      <Button
        type="submit"
        loading={updateWallet.isPending}
        disabled={!typed?.trim()}
        className="self-start"
      >
        Update wallet
      </Button>
    </form>
  );
}
