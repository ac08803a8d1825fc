import { useState } from 'react';
import { statementPeriods } from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { downloadStatement, type StatementFormat } from '../api/download-statement';

export interface StatementDownloadProps {
  /** When the account was made: the first period offered is the one it falls in. */
  since: string;
  /** Staff: the buyer whose statement it is; without it, the signed-in buyer's own. */
  userId?: string;
}

/** A period to choose (financial years first, newest first) and its CSV and PDF downloads. */
export function StatementDownload({ since, userId }: StatementDownloadProps) {
  const periods = statementPeriods(new Date(since), new Date());
  const [period, setPeriod] = useState(periods[0]!.code);
  const [pending, setPending] = useState<StatementFormat | null>(null);

  async function download(format: StatementFormat) {
    setPending(format);
    try {
      await downloadStatement(period, format, userId);
      toast.success(`Statement ${period} downloaded`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
      <Select
        label="Period"
        value={period}
        onChange={(event) => setPeriod(event.target.value)}
        options={periods.map((p) => ({
          value: p.code,
          label: `${p.code.startsWith('FY') ? `Financial year ${p.code}` : `Calendar year ${p.code}`} (${p.label})`,
        }))}
        containerClassName="sm:min-w-80"
      />
      <div className="flex gap-3">
        <Button
          variant="secondary"
          loading={pending === 'csv'}
          disabled={pending !== null}
          onClick={() => download('csv')}
        >
          Download CSV
        </Button>
        <Button
          variant="secondary"
          loading={pending === 'pdf'}
          disabled={pending !== null}
          onClick={() => download('pdf')}
        >
          Download PDF
        </Button>
      </div>
    </div>
  );
}
