import { zodResolver } from '@hookform/resolvers/zod';
import { format } from 'date-fns';
import { useForm } from 'react-hook-form';
import {
  type DailyProgramMode,
  DailyProgramUploadFields,
  type ValidDailyProgramUpload,
  fileCountMessage,
  PDF_ONLY_MESSAGE,
} from '@common/contracts/daily-programs';
import { DAILY_PROGRAM_FILE_COUNT } from '@common/limits';
import { FieldError } from '@/components/field-error';
import { FormField } from '@/components/form-field';
import type { SelectOption } from '@/components/options-select';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/forms/select-field';
import { formatBytes } from '@/lib/labels';
import { useUploadDailyPrograms } from './api';
import { DateField, UploadCard, useChosenFiles } from './upload-card';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

/** The modes as the select offers them (read when drawn, in the interface's language). */
const MODES: { value: DailyProgramMode; label: MessageDescriptor }[] = [
  { value: 'combined', label: msg`Combined (1 PDF)` },
  { value: 'separate', label: msg`Separate (4 PDFs)` },
];

const isPdf = (file: File) => file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');

/** The count must match the mode (one combined PDF or four separate ones), every file must be a PDF. */
function filesProblem(mode: DailyProgramMode | undefined, files: File[]): string | undefined {
  if (files.length === 0 || !mode) return undefined;
  if (files.length !== DAILY_PROGRAM_FILE_COUNT[mode]) return fileCountMessage(mode);
  if (!files.every(isPdf)) return PDF_ONLY_MESSAGE;
  return undefined;
}

export function DailyProgramUploadForm() {
  const { t, i18n } = useLingui();
  const modes: SelectOption<DailyProgramMode>[] = MODES.map((m) => ({ value: m.value, label: i18n._(m.label) }));
  const upload = useUploadDailyPrograms();
  const chosen = useChosenFiles(upload);
  const { files, clear: clearFiles } = chosen;
  const form = useForm<DailyProgramUploadFields, unknown, ValidDailyProgramUpload>({
    resolver: zodResolver(DailyProgramUploadFields),
    defaultValues: { cruiseCode: '', programDate: format(new Date(), 'yyyy-MM-dd'), mode: 'combined' },
  });
  const { errors } = form.formState;
  const mode = form.watch('mode');
  const problem = filesProblem(mode, files);
  const countMatches = !!mode && files.length === DAILY_PROGRAM_FILE_COUNT[mode];

  const submit = form.handleSubmit((values) => {
    if (problem) return;
    chosen.send({ ...values, files });
  });

  return (
    <UploadCard kind="dailyProgram" onSubmit={submit} chosen={chosen} disabled={!countMatches || !!problem}>
      <FormField id="dp-cruise-code" label={t`Cruise code`} error={errors.cruiseCode?.message}>
        <Input id="dp-cruise-code" placeholder={t`e.g. AR250928`} autoComplete="off" aria-invalid={!!errors.cruiseCode} {...form.register('cruiseCode')} />
      </FormField>
      <DateField id="dp-date" error={errors.programDate?.message} field={form.register('programDate')} />
      <SelectField
        control={form.control}
        name="mode"
        id="dp-mode"
        label={t`Upload mode`}
        options={modes}
        placeholder={t`Select upload mode`}
        error={errors.mode?.message}
        // Changing the mode clears the chosen files: a count chosen for one mode is wrong for the other.
        onChosen={clearFiles}
      />
      <div className="space-y-2">
        <Label htmlFor="dp-files">{mode === 'separate' ? t`PDF files (4, in order)` : t`PDF file`}</Label>
        <Input
          id="dp-files"
          ref={chosen.fileInput}
          type="file"
          accept="application/pdf,.pdf"
          multiple={mode === 'separate'}
          aria-invalid={!!problem}
          aria-describedby="dp-files-hint"
          onChange={(event) => chosen.setFiles(Array.from(event.target.files ?? []))}
        />
        <p id="dp-files-hint" className="text-xs text-muted-foreground">
          {mode === 'separate' ? t`Files are numbered File 1 to File 4 in the order chosen.` : t`The whole day in one PDF.`}
        </p>
        <FieldError message={problem} />
        {files.length > 0 && (
          <ol className="space-y-1 rounded-md border bg-slate-50 p-2 text-xs" aria-label={t`Chosen files`}>
            {files.map((file, index) => (
              <li key={`${file.name}-${index}`} className="flex justify-between gap-2">
                <span className="truncate">
                  <ChosenFile number={index + 1} name={file.name} />
                </span>
                <span className="shrink-0 text-muted-foreground">{formatBytes(file.size)}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </UploadCard>
  );
}

/** 'File N: name' in the list of chosen files. */
function ChosenFile({ number, name }: { number: number; name: string }) {
  return (
    <Trans>
      <span className="font-medium">File {number}:</span> {name}
    </Trans>
  );
}
