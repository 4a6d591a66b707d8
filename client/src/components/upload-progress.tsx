import { Progress } from '@/components/ui/progress';

/** The bar and percentage shown while a file travels to the server. */
export function UploadProgress({ value }: { value: number }) {
  return (
    <div className="space-y-1" aria-live="polite">
      <Progress value={value} aria-label="Upload progress" />
      <p className="text-xs text-muted-foreground">Uploading... {value}%</p>
    </div>
  );
}
