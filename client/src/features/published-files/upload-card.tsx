import { type FormEventHandler, type ReactNode, useRef, useState } from 'react';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { UploadSubmit } from '@/components/upload-progress';

/**
 * The files chosen in an upload form, its progress, and the file input to clear once the
 * upload succeeded. Leaving the page with files chosen and not yet sent asks first.
 */
export function useChosenFiles(pending: boolean) {
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  useUnsavedChanges(!pending && files.length > 0);
  const clear = () => {
    setFiles([]);
    if (fileInput.current) fileInput.current.value = '';
  };
  return { files, setFiles, progress, setProgress, fileInput, clear };
}

interface Props {
  /** The card's heading, the form's name and the button's label alike. */
  title: string;
  description: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  progress: number;
  disabled: boolean;
  children: ReactNode;
}

/** The upload card every published kind shows: heading, fields, and the button that turns into a progress bar. */
export function UploadCard({ title, description, onSubmit, pending, progress, disabled, children }: Props) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg text-navy">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={title}>
          {children}
          <UploadSubmit pending={pending} progress={progress} disabled={disabled} label={title} />
        </form>
      </CardContent>
    </Card>
  );
}
