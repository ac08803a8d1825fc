import { useState, type ComponentType } from 'react';
import { Button } from '../../../components/ui/button';
import type { TermsChoiceProps } from '../../../components/ui/terms';
import { toast } from '../../../components/ui/toast';
import { useBecomeAffiliate } from '../api/become-affiliate';

export interface AffiliateTermsDialogProps extends TermsChoiceProps {
  accepting?: boolean;
}

interface BecomeAffiliateProps {
  /** The affiliate terms modal, composed in by the route. */
  TermsDialog: ComponentType<AffiliateTermsDialogProps>;
}

/** 'Become an Affiliate': accepting the terms joins the programme, rejecting just closes. */
export function BecomeAffiliate({ TermsDialog }: BecomeAffiliateProps) {
  const [open, setOpen] = useState(false);
  const becomeAffiliate = useBecomeAffiliate();

  async function accept() {
    try {
      const { data } = await becomeAffiliate.mutateAsync();
      toast.success(data.msg);
      setOpen(false);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <>
      <Button onClick={() => setOpen(true)} className="self-start">
        Become an Affiliate
      </Button>
      <TermsDialog
        open={open}
        onAccept={() => void accept()}
        onReject={() => setOpen(false)}
        accepting={becomeAffiliate.isPending}
      />
    </>
  );
}
