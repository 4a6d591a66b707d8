import { useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { format } from 'date-fns';
import { useForm } from 'react-hook-form';
import { ITINERARY_EXTENSIONS, ITINERARY_TYPE_MESSAGE, ItineraryUploadFields, hasItineraryExtension } from '@common/contracts/itineraries';
import { FieldError } from '@/components/field-error';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { UploadSubmit } from '@/components/upload-progress';
import { formatKB } from '@/lib/format';
import { useUploadItinerary } from './api';

export function ItineraryUploadForm() {
  const upload = useUploadItinerary();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<ItineraryUploadFields>({
    resolver: zodResolver(ItineraryUploadFields),
    defaultValues: { uploadDate: format(new Date(), 'yyyy-MM-dd') },
  });
  const { errors } = form.formState;
  useUnsavedChanges(!upload.isPending && file !== null);
  const typeProblem = file && !hasItineraryExtension(file.name) ? ITINERARY_TYPE_MESSAGE : undefined;

  const submit = form.handleSubmit((values) => {
    if (!file || typeProblem) return;
    setProgress(0);
    upload.mutate(
      { uploadDate: values.uploadDate, file, onProgress: setProgress },
      {
        onSuccess: () => {
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
        },
      },
    );
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg text-navy">Upload itinerary</CardTitle>
        <CardDescription>An Excel (.xlsx, .xls) or CSV file with the ports of call.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-4" aria-label="Upload itinerary">
          <div className="space-y-2">
            <Label htmlFor="it-date">Date</Label>
            <Input id="it-date" type="date" aria-invalid={!!errors.uploadDate} {...form.register('uploadDate')} />
            <FieldError message={errors.uploadDate?.message} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="it-file">Itinerary file</Label>
            <Input
              id="it-file"
              ref={fileInput}
              type="file"
              accept={`${ITINERARY_EXTENSIONS.join(',')},application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv`}
              aria-invalid={!!typeProblem}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            <FieldError message={typeProblem} />
            {file && !typeProblem && (
              <p className="text-xs text-muted-foreground">
                {file.name} · {formatKB(file.size)}
              </p>
            )}
          </div>
          <UploadSubmit pending={upload.isPending} progress={progress} disabled={!file || !!typeProblem} label="Upload itinerary" />
        </form>
      </CardContent>
    </Card>
  );
}
