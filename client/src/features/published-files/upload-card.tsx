import { type FormEventHandler, type ReactNode, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { UploadSubmit } from '@/components/upload-progress';
import type { PublishedKind } from './api';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';

interface UploadMutation<T> {
  isPending: boolean;
  mutate: (upload: T & { onProgress: (percent: number) => void }, options: { onSuccess: () => void }) => void;
}

/**
 * The files chosen in an upload form, its progress, and `send`, which uploads them and clears
 * the file input once the upload succeeded. Leaving the page with files chosen and not yet
 * sent asks first.
 */
export function useChosenFiles<T>(upload: UploadMutation<T>) {
  const pending = upload.isPending;
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  useUnsavedChanges(!pending && files.length > 0);
  const clear = () => {
    setFiles([]);
    if (fileInput.current) fileInput.current.value = '';
  };
  const send = (values: T) => {
    setProgress(0);
    upload.mutate({ ...values, onProgress: setProgress }, { onSuccess: clear });
  };
  return { files, setFiles, pending, progress, fileInput, clear, send };
}

/** Each kind's card: the heading (also the form's name and the button's label) and what it takes. */
const CARDS: Record<PublishedKind, { title: MessageDescriptor; description: MessageDescriptor }> = {
  dailyProgram: {
    title: msg`Upload daily program`,
    description: msg`One combined PDF, or four separate PDFs, per cruise day. A new upload replaces that day.`,
  },
  itinerary: { title: msg`Upload itinerary`, description: msg`An Excel (.xlsx, .xls) or CSV file with the ports of call.` },
};

interface Props {
  kind: PublishedKind;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's chosen files: whether they are being sent, and how far. */
  chosen: Pick<ReturnType<typeof useChosenFiles>, 'pending' | 'progress'>;
  disabled: boolean;
  children: ReactNode;
}

/** The upload card every published kind shows: heading, fields, and the button that turns into a progress bar. */
export function UploadCard({ kind, onSubmit, chosen, disabled, children }: Props) {
  const { i18n } = useLingui();
  const title = i18n._(CARDS[kind].title);
  const description = i18n._(CARDS[kind].description);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg text-navy">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={title}>
          {children}
          <UploadSubmit pending={chosen.pending} progress={chosen.progress} disabled={disabled} label={title} />
        </form>
      </CardContent>
    </Card>
  );
}

/** The day a published file is for, as a date input with its validation message. */
export function DateField({ id, error, field }: { id: string; error: string | undefined; field: UseFormRegisterReturn }) {
  const { i18n } = useLingui();
  return (
    <FormField id={id} label={i18n._(msg`Date`)} error={error}>
      <Input id={id} type="date" aria-invalid={!!error} {...field} />
    </FormField>
  );
}
