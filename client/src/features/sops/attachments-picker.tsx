import type { ChangeEvent } from 'react';
import { CheckCircle2, Paperclip, X, XCircle } from 'lucide-react';
import { MAX_ATTACHMENTS_PER_UPLOAD } from '@common/limits';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { toast } from '@/hooks/use-toast';
import { formatBytes } from '@/lib/labels';
import { ACCEPTED_FILES, isAllowedFileType, isWithinSizeLimit } from './file-rules';
import { plural } from '@lingui/core/macro';
import { Plural, useLingui } from '@lingui/react/macro';

export interface PickedFile {
  key: string;
  file: File;
  /** null until its upload starts; 0-100 while and after it runs. */
  progress: number | null;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
}

interface Props {
  id: string;
  files: PickedFile[];
  onChange: (files: PickedFile[]) => void;
  disabled?: boolean;
}

let nextKey = 0;

/** At most 5 files per upload, each at most 10 MB, the server's limits checked before sending; progress per file while saving. */
export function AttachmentsPicker({ id, files, onChange, disabled }: Props) {
  const { t } = useLingui();
  const limit = MAX_ATTACHMENTS_PER_UPLOAD;
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (chosen.length === 0) return;
    if (files.length + chosen.length > MAX_ATTACHMENTS_PER_UPLOAD) {
      toast({
        title: t`Too many files`,
        description: plural(limit, { one: 'You can attach at most # file per upload', other: 'You can attach at most # files per upload' }),
        variant: 'destructive',
      });
      return;
    }
    const wrongType = chosen.find((file) => !isAllowedFileType(file));
    if (wrongType) {
      toast({ title: t`Invalid file type`, description: t`Please upload PDF, Word, text, or image files only`, variant: 'destructive' });
      return;
    }
    const tooLarge = chosen.find((file) => !isWithinSizeLimit(file));
    if (tooLarge) {
      toast({ title: t`File too large`, description: t`Please upload files smaller than 10MB`, variant: 'destructive' });
      return;
    }
    onChange([...files, ...chosen.map((file) => ({ key: `f${nextKey++}`, file, progress: null, state: 'waiting' as const }))]);
  };

  return (
    <div className="space-y-2">
      <div className="flex items-center gap-2">
        <Input
          id={id}
          type="file"
          multiple
          accept={ACCEPTED_FILES}
          onChange={pick}
          disabled={disabled || files.length >= MAX_ATTACHMENTS_PER_UPLOAD}
          className="text-xs"
        />
      </div>
      <p className="text-xs text-muted-foreground">
        <Plural
          value={limit}
          one="Up to # file, 10 MB each: PDF, Word, text or images. Files are uploaded when you save."
          other="Up to # files, 10 MB each: PDF, Word, text or images. Files are uploaded when you save."
        />
      </p>
      {files.length > 0 && (
        <ul className="space-y-2" aria-label={t`Files to attach`}>
          {files.map((item) => {
            const name = item.file.name;
            return (
              <li key={item.key} className="rounded-md border bg-white p-2 text-sm">
                <div className="flex items-center gap-2">
                  <Paperclip className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <span className="min-w-0 flex-1 truncate">{item.file.name}</span>
                  <span className="shrink-0 text-xs text-muted-foreground">{formatBytes(item.file.size)}</span>
                  {item.state === 'done' && <CheckCircle2 className="size-4 text-emerald-600" aria-label={t`Uploaded`} />}
                  {item.state === 'failed' && <XCircle className="size-4 text-destructive" aria-label={t`Upload failed`} />}
                  {item.state === 'waiting' && (
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-6"
                      aria-label={t`Remove ${name}`}
                      disabled={disabled}
                      onClick={() => onChange(files.filter((f) => f.key !== item.key))}
                    >
                      <X className="size-3.5" />
                    </Button>
                  )}
                </div>
                {item.progress !== null && <Progress className="mt-2" value={item.progress} aria-label={t`Upload progress of ${name}`} />}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
