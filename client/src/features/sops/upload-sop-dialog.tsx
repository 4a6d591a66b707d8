import { useRef, useState, type ChangeEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { FileUp } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CreateSopInput } from '@common/contracts/sops';
import { FormField } from '@/components/form-field';
import { confirmDiscard, useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { UploadProgress } from '@/components/upload-progress';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { toastFailure } from '@/lib/use-api-mutation';
import { formatBytes } from '@/lib/labels';
import { createSop, refreshSopLists, uploadAttachment, type SavedSop } from './api';
import { ACCEPTED_FILES, isAllowedFileType, isWithinSizeLimit } from './file-rules';
import { SopDepartmentField } from './sop-department-field';
import { Trans, useLingui } from '@lingui/react/macro';

const UploadSopForm = CreateSopInput.pick({ title: true, departmentId: true, category: true, summary: true });
type FormInput = z.input<typeof UploadSopForm>;
type FormOutput = z.output<typeof UploadSopForm>;

const EMPTY: FormInput = { title: '', departmentId: '', category: '', summary: '' };

interface Props {
  /** Classes for the 'Upload SOP File' trigger button. */
  triggerClassName?: string;
  /** Open at once: the lazy button mounts this dialog on the first click. */
  defaultOpen?: boolean;
  onUploaded?: (sopId: number) => void;
}

/** 'Upload New SOP': one file becomes a new SOP, the quickest way to bring an existing document in (dashboard and procedures page). */
export function UploadSopDialog({ triggerClassName, onUploaded, defaultOpen = false }: Props) {
  const [open, setOpen] = useState(defaultOpen);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { t } = useLingui();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(UploadSopForm), defaultValues: EMPTY });
  const { errors } = form.formState;
  const uploading = progress !== null;
  const dirty = open && !uploading && (form.formState.isDirty || file !== null);
  useUnsavedChanges(dirty);

  const reset = () => {
    form.reset(EMPTY);
    setFile(null);
    setProgress(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const pickFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    if (chosen && !isAllowedFileType(chosen)) {
      toast({ title: t`Invalid file type`, description: t`Please upload PDF, Word, text, or image files only`, variant: 'destructive' });
      event.target.value = '';
      return setFile(null);
    }
    if (chosen && !isWithinSizeLimit(chosen)) {
      toast({ title: t`File too large`, description: t`Please upload files smaller than 10MB`, variant: 'destructive' });
      event.target.value = '';
      return setFile(null);
    }
    setFile(chosen);
  };

  const onSubmit = async (values: FormOutput) => {
    if (!file) {
      toast({ title: t`No file selected`, description: t`Please select a file to upload`, variant: 'destructive' });
      return;
    }
    setProgress(0);
    let sop: SavedSop;
    try {
      sop = await createSop({ ...values, content: `Uploaded file: ${file.name}` });
    } catch (error) {
      setProgress(null);
      toastFailure(error, { fallback: t`Failed to create SOP` });
      return;
    }
    try {
      if (!sop.latestVersionId) throw new Error('The new SOP has no version to attach the file to');
      await uploadAttachment(sop.latestVersionId, file, setProgress);
    } catch (error) {
      setProgress(null);
      toastFailure(error, { title: t`Upload failed`, fallback: t`Failed to upload file to database` });
      await refreshSopLists(sop.id);
      return;
    }
    toast({ title: t`Success`, description: t`SOP uploaded successfully to database!` });
    await refreshSopLists(sop.id);
    reset();
    setOpen(false);
    onUploaded?.(sop.id);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (uploading || (!next && !confirmDiscard(dirty))) return;
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" className={triggerClassName}>
          <FileUp /> <Trans>Upload SOP File</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>
            <Trans>Upload New SOP</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Create an SOP from a single file: PDF, Word, text or image, up to 10 MB.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
          <FormField id="upload-sop-title" label={t`Title *`} error={errors.title?.message} className="space-y-1.5">
            <Input id="upload-sop-title" aria-invalid={!!errors.title} disabled={uploading} {...form.register('title')} />
          </FormField>
          <SopDepartmentField id="upload-sop-department" control={form.control} error={errors.departmentId?.message} disabled={uploading} />
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="upload-sop-category">
                <Trans>Category</Trans>
              </Label>
              <Input id="upload-sop-category" placeholder={t`e.g., Onboarding, Policies`} disabled={uploading} {...form.register('category')} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="upload-sop-file">
                <Trans>File *</Trans>
              </Label>
              <Input id="upload-sop-file" ref={fileInput} type="file" accept={ACCEPTED_FILES} onChange={pickFile} disabled={uploading} className="text-xs" />
            </div>
          </div>
          {file && (
            <p className="text-sm text-muted-foreground" data-testid="upload-sop-chosen-file">
              {file.name} · {formatBytes(file.size)}
            </p>
          )}
          <div className="space-y-1.5">
            <Label htmlFor="upload-sop-summary">
              <Trans>Summary</Trans>
            </Label>
            <Textarea id="upload-sop-summary" rows={3} disabled={uploading} {...form.register('summary')} />
          </div>
          {uploading && <UploadProgress value={progress} />}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={uploading} onClick={() => setOpen(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={!file || uploading}>
              {uploading ? <Trans>Uploading...</Trans> : <Trans>Upload SOP</Trans>}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
