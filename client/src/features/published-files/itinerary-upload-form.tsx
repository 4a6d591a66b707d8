import { zodResolver } from '@hookform/resolvers/zod';
import { format } from 'date-fns';
import { useForm } from 'react-hook-form';
import { ITINERARY_EXTENSIONS, ITINERARY_TYPE_MESSAGE, ItineraryUploadFields, hasItineraryExtension } from '@common/contracts/itineraries';
import { FieldError } from '@/components/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatBytes } from '@/lib/labels';
import { useUploadItinerary } from './api';
import { DateField, UploadCard, useChosenFiles } from './upload-card';
import { Trans } from '@lingui/react/macro';

export function ItineraryUploadForm() {
  const upload = useUploadItinerary();
  const chosen = useChosenFiles(upload);
  const file = chosen.files[0] ?? null;
  const form = useForm<ItineraryUploadFields>({
    resolver: zodResolver(ItineraryUploadFields),
    defaultValues: { uploadDate: format(new Date(), 'yyyy-MM-dd') },
  });
  const { errors } = form.formState;
  const typeProblem = file && !hasItineraryExtension(file.name) ? ITINERARY_TYPE_MESSAGE : undefined;

  const submit = form.handleSubmit((values) => {
    if (!file || typeProblem) return;
    chosen.send({ uploadDate: values.uploadDate, file });
  });

  return (
    <UploadCard kind="itinerary" onSubmit={submit} chosen={chosen} disabled={!file || !!typeProblem}>
      <DateField id="it-date" error={errors.uploadDate?.message} field={form.register('uploadDate')} />
      <div className="space-y-2">
        <Label htmlFor="it-file">
          <Trans>Itinerary file</Trans>
        </Label>
        <Input
          id="it-file"
          ref={chosen.fileInput}
          type="file"
          accept={`${ITINERARY_EXTENSIONS.join(',')},application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv`}
          aria-invalid={!!typeProblem}
          onChange={(event) => chosen.setFiles(Array.from(event.target.files ?? []).slice(0, 1))}
        />
        <FieldError message={typeProblem} />
        {file && !typeProblem && (
          <p className="text-xs text-muted-foreground">
            {file.name} · {formatBytes(file.size)}
          </p>
        )}
      </div>
    </UploadCard>
  );
}
