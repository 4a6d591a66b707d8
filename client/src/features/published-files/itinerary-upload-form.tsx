import { zodResolver } from '@hookform/resolvers/zod';
import { format } from 'date-fns';
import { useForm } from 'react-hook-form';
import { ITINERARY_EXTENSIONS, ITINERARY_TYPE_MESSAGE, ItineraryUploadFields, hasItineraryExtension } from '@common/contracts/itineraries';
import { FieldError } from '@/components/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatKB } from '@/lib/format';
import { useUploadItinerary } from './api';
import { UploadCard, useChosenFiles } from './upload-card';

export function ItineraryUploadForm() {
  const upload = useUploadItinerary();
  const chosen = useChosenFiles(upload.isPending);
  const file = chosen.files[0] ?? null;
  const form = useForm<ItineraryUploadFields>({
    resolver: zodResolver(ItineraryUploadFields),
    defaultValues: { uploadDate: format(new Date(), 'yyyy-MM-dd') },
  });
  const { errors } = form.formState;
  const typeProblem = file && !hasItineraryExtension(file.name) ? ITINERARY_TYPE_MESSAGE : undefined;

  const submit = form.handleSubmit((values) => {
    if (!file || typeProblem) return;
    chosen.setProgress(0);
    upload.mutate({ uploadDate: values.uploadDate, file, onProgress: chosen.setProgress }, { onSuccess: chosen.clear });
  });

  return (
    <UploadCard
      title="Upload itinerary"
      description="An Excel (.xlsx, .xls) or CSV file with the ports of call."
      onSubmit={submit}
      pending={upload.isPending}
      progress={chosen.progress}
      disabled={!file || !!typeProblem}
    >
      <div className="space-y-2">
        <Label htmlFor="it-date">Date</Label>
        <Input id="it-date" type="date" aria-invalid={!!errors.uploadDate} {...form.register('uploadDate')} />
        <FieldError message={errors.uploadDate?.message} />
      </div>
      <div className="space-y-2">
        <Label htmlFor="it-file">Itinerary file</Label>
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
            {file.name} · {formatKB(file.size)}
          </p>
        )}
      </div>
    </UploadCard>
  );
}
