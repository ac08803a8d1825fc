import { useWatch } from 'react-hook-form';
import { updateWalletSchema } from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { CurrentPasswordField } from '../../../components/ui/current-password-field';
import { TextField } from '../../../components/ui/text-field';
import { useApiForm } from '../../../lib/use-api-form';
import { useUpdateWallet } from '../api/update-wallet';

interface WalletFormProps {
  currentWallet: string | null;
  /** An address to fill in, e.g. the wallet a payment was just sent from. */
  suggestedWallet?: string | null;
}

export function WalletForm({ currentWallet, suggestedWallet }: WalletFormProps) {
  const updateWallet = useUpdateWallet();
  const { form, formRef, onSubmit, field } = useApiForm({
    schema: updateWalletSchema,
    defaultValues: { walletAddress: suggestedWallet ?? '', password: '' },
    submit: async (values) => (await updateWallet.mutateAsync(values)).data.msg,
    after: (_values, form) => form.reset(),
  });
  const typed = useWatch({ control: form.control, name: 'walletAddress' });

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
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
        {...field('walletAddress')}
      />
      <CurrentPasswordField
        hint="Your account password confirms the change; we e-mail you about it."
        {...field('password')}
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
