import { type ReactNode, useState } from 'react';
import { FileArchive, FileText, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { saveFileFrom } from '@/lib/download';
import { toastFailure } from '@/lib/use-api-mutation';
import { cn } from '@/lib/utils';
import { inspectionPackUrl } from './api';
import { Trans, useLingui } from '@lingui/react/macro';

type Format = 'pdf' | 'zip';

/**
 * 'Inspection pack (PDF)' and 'Inspection data (CSV, ZIP)' for one vessel (decision 082). The
 * server gathers the evidence and makes the file, which can take seconds for a large fleet:
 * the button says it is working until the file is saved, and a failure says why.
 */
export function InspectionPackButtons({ code, vesselName, compact = false }: { code: string; vesselName: string; compact?: boolean }) {
  const { t } = useLingui();
  const [making, setMaking] = useState<Format | null>(null);
  const make = async (format: Format) => {
    setMaking(format);
    try {
      const name = await saveFileFrom(inspectionPackUrl(code, format), `inspection-pack-${code}.${format}`);
      toast({ title: t`Inspection pack ready`, description: name });
    } catch (error) {
      toastFailure(error, { title: t`Inspection pack failed`, fallback: t`The inspection pack could not be made.` });
    } finally {
      setMaking(null);
    }
  };
  const icon = (format: Format) =>
    making === format ? (
      <Loader2 className="size-4 animate-spin" aria-hidden="true" />
    ) : format === 'pdf' ? (
      <FileText className="size-4" aria-hidden="true" />
    ) : (
      <FileArchive className="size-4" aria-hidden="true" />
    );
  const labels: Record<Format, { idle: ReactNode; busy: ReactNode }> = {
    pdf: {
      idle: (
        <Trans>
          Inspection pack (PDF)<span className="sr-only"> of {vesselName}</span>
        </Trans>
      ),
      busy: <Trans>Making the pack...</Trans>,
    },
    zip: {
      idle: (
        <Trans>
          Inspection data (CSV, ZIP)<span className="sr-only"> of {vesselName}</span>
        </Trans>
      ),
      busy: <Trans>Making the data...</Trans>,
    },
  };
  return (
    <div className={cn('flex flex-wrap gap-2', compact && 'gap-1')} aria-busy={making !== null}>
      {(['pdf', 'zip'] as const).map((format) => (
        <Button
          key={format}
          variant="outline"
          size="sm"
          className={cn(compact && 'h-6 border-white/30 bg-transparent px-2 text-xs text-slate-100 hover:bg-white/10 hover:text-white')}
          disabled={making !== null}
          onClick={() => make(format)}
        >
          {icon(format)}
          {making === format ? labels[format].busy : labels[format].idle}
        </Button>
      ))}
    </div>
  );
}
