import { Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Trans, useLingui } from '@lingui/react/macro';

/** The bar and percentage shown while a file travels to the server. */
export function UploadProgress({ value }: { value: number }) {
  const { t } = useLingui();
  return (
    <div className="space-y-1" aria-live="polite">
      <Progress value={value} aria-label={t`Upload progress`} />
      <p className="text-xs text-muted-foreground">
        <Trans>Uploading... {value}%</Trans>
      </p>
    </div>
  );
}

/** The end of an upload form: the progress while it sends, then the submit button, which says when it is busy. */
export function UploadSubmit({ pending, progress, disabled, label }: { pending: boolean; progress: number; disabled: boolean; label: string }) {
  return (
    <>
      {pending && <UploadProgress value={progress} />}
      <Button type="submit" className="w-full" disabled={disabled || pending}>
        <Upload aria-hidden="true" />
        {pending ? <Trans>Uploading...</Trans> : label}
      </Button>
    </>
  );
}
