import { useRef, useState, type ChangeEvent } from 'react';
import { CheckCircle2, CircleAlert, FileText, Upload } from 'lucide-react';
import { Link } from 'wouter';
import { FieldError } from '@/components/field-error';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { formatBytes } from '@/lib/labels';
import { useOnline } from '@/offline/offline-status';
import { refreshSopLists } from './api';
import { BULK_UPLOAD_MAX_FILES, type BulkFileState, titleFromFileName, uploadOne } from './bulk-upload';
import { DepartmentSelect } from '@/components/department-select';
import { ACCEPTED_FILES } from './file-rules';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';

interface Entry {
  file: File;
  status: BulkFileState;
}

function EntryStatus({ status }: { status: BulkFileState }) {
  const { t } = useLingui();
  switch (status.state) {
    case 'waiting':
      return (
        <span className="text-xs text-muted-foreground">
          <Trans>Waiting</Trans>
        </span>
      );
    case 'uploading':
      return (
        <div className="flex w-28 items-center gap-2">
          <Progress value={status.progress} aria-label={t`Upload progress`} className="h-1.5" />
          <span className="text-xs tabular-nums text-muted-foreground">{status.progress}%</span>
        </div>
      );
    case 'done':
      return (
        <Link href={`/sop/${status.sopId}`} className="inline-flex items-center gap-1 text-xs font-medium text-emerald-700 hover:underline">
          <CheckCircle2 className="size-3.5" aria-hidden="true" /> <Trans>Uploaded</Trans>
        </Link>
      );
    case 'refused':
      return (
        <span className="inline-flex items-center gap-1 text-xs font-medium text-destructive">
          <CircleAlert className="size-3.5" aria-hidden="true" /> <Trans>Refused</Trans>
        </span>
      );
  }
}

/** 'Upload Files': up to 20 files into one department, each becoming a draft SOP, with progress per file and a summary. */
export function BulkUploadDialog() {
  const [open, setOpen] = useState(false);
  const [departmentId, setDepartmentId] = useState('');
  const [entries, setEntries] = useState<Entry[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [phase, setPhase] = useState<'choosing' | 'uploading' | 'finished'>('choosing');
  const fileInput = useRef<HTMLInputElement>(null);
  const online = useOnline();
  const { t } = useLingui();
  const maxFiles = BULK_UPLOAD_MAX_FILES;

  const reset = () => {
    setEntries([]);
    setProblem(null);
    setPhase('choosing');
    if (fileInput.current) fileInput.current.value = '';
  };

  const pickFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    if (chosen.length > BULK_UPLOAD_MAX_FILES) {
      const count = chosen.length;
      setProblem(plural(count, { other: `Choose at most ${maxFiles} files at a time (# were chosen)` }));
      event.target.value = '';
      return setEntries([]);
    }
    setProblem(null);
    setEntries(chosen.map((file) => ({ file, status: { state: 'waiting' } })));
  };

  const start = async () => {
    if (!departmentId) return setProblem(t`Choose the department the SOPs belong to`);
    if (entries.length === 0) return setProblem(t`Choose at least one file`);
    setProblem(null);
    setPhase('uploading');
    const update = (index: number, status: BulkFileState) => setEntries((all) => all.map((e, i) => (i === index ? { ...e, status } : e)));
    // One at a time: each file's progress is its own, and a ship's link is not flooded.
    for (const [index, entry] of entries.entries()) {
      update(index, await uploadOne(entry.file, Number(departmentId), (status) => update(index, status)));
    }
    await refreshSopLists();
    setPhase('finished');
  };

  const done = entries.filter((e) => e.status.state === 'done').length;
  const refused = entries.filter((e) => e.status.state === 'refused');
  const busy = phase === 'uploading';
  const refusedCount = refused.length;
  const fileCount = entries.length;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={!online} title={online ? undefined : t`Not while offline`}>
          <Upload /> <Trans>Upload Files</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>
            <Trans>Upload Files</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Each file becomes a draft SOP titled from its file name. Up to {maxFiles} files: PDF, Word, text or images, 10 MB each.</Trans>
          </DialogDescription>
        </DialogHeader>
        <div className="min-w-0 space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="bulk-upload-department">
                <Trans>Department *</Trans>
              </Label>
              <DepartmentSelect id="bulk-upload-department" value={departmentId} onChange={setDepartmentId} disabled={phase !== 'choosing'} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="bulk-upload-files">
                <Trans>Files *</Trans>
              </Label>
              <Input
                id="bulk-upload-files"
                ref={fileInput}
                type="file"
                multiple
                accept={ACCEPTED_FILES}
                onChange={pickFiles}
                disabled={phase !== 'choosing'}
                className="text-xs"
              />
            </div>
          </div>
          <FieldError message={problem ?? undefined} />
          {phase === 'finished' && (
            <div role="status" className="rounded-md border bg-muted/40 p-3 text-sm">
              <p className="font-medium text-navy">
                <Trans>
                  {done} uploaded, {refusedCount} refused
                </Trans>
              </p>
              {refused.length > 0 && (
                <ul className="mt-1 list-disc space-y-0.5 pl-5 text-muted-foreground">
                  {refused.map(({ file, status }) => (
                    <li key={file.name}>
                      {file.name}: {status.state === 'refused' ? status.reason : ''}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {entries.length > 0 && (
            <ul aria-label={t`Chosen files`} className="max-h-72 divide-y overflow-y-auto rounded-md border">
              {entries.map(({ file, status }) => (
                <li key={`${file.name}-${file.size}-${file.lastModified}`} className="flex items-center gap-3 px-3 py-2" data-testid="bulk-upload-file">
                  <FileText className="size-4 shrink-0 text-ocean" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{titleFromFileName(file.name)}</p>
                    <p className="truncate text-xs text-muted-foreground">
                      {file.name} · {formatBytes(file.size)}
                    </p>
                    {status.state === 'refused' && <p className="text-xs text-destructive">{status.reason}</p>}
                  </div>
                  <EntryStatus status={status} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <DialogFooter>
          {phase === 'finished' ? (
            <Button
              type="button"
              onClick={() => {
                setOpen(false);
                reset();
              }}
            >
              <Trans>Done</Trans>
            </Button>
          ) : (
            <>
              <Button type="button" variant="outline" disabled={busy} onClick={() => setOpen(false)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="button" onClick={start} disabled={busy || entries.length === 0}>
                {busy ? (
                  <Trans>Uploading...</Trans>
                ) : fileCount ? (
                  <Plural value={fileCount} one="Upload # file" other="Upload # files" />
                ) : (
                  <Trans>Upload files</Trans>
                )}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
