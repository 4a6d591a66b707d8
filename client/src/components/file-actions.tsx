import { BookOpen, Download, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  href: string;
  name: string;
  /** Given: a 'Read' action that opens the file in the document reader. */
  onRead?: () => void;
  /** Shown only to those who may delete (the server checks again). */
  onDelete?: () => void;
}

/** Read and Download for everyone, Delete when the caller passes a handler: daily programs and itineraries. */
export function FileActions({ href, name, onRead, onDelete }: Props) {
  const { t } = useLingui();
  return (
    <div className="flex flex-wrap gap-2">
      {onRead && (
        <Button size="sm" onClick={onRead} aria-label={t`Read ${name}`}>
          <BookOpen aria-hidden="true" />
          <Trans>Read</Trans>
        </Button>
      )}
      <Button asChild variant="outline" size="sm">
        <a href={href} download={name} aria-label={t`Download ${name}`}>
          <Download aria-hidden="true" />
          <Trans>Download</Trans>
        </a>
      </Button>
      {onDelete && (
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" aria-label={t`Delete ${name}`} onClick={onDelete}>
          <Trash2 aria-hidden="true" />
          <Trans>Delete</Trans>
        </Button>
      )}
    </div>
  );
}
