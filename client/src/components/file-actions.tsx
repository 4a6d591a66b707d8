import { Download, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface Props {
  href: string;
  name: string;
  /** Shown only to those who may delete (the server checks again). */
  onDelete?: () => void;
}

/** Download for everyone, Delete when the caller passes a handler: daily programs and itineraries. */
export function FileActions({ href, name, onDelete }: Props) {
  return (
    <div className="flex gap-2">
      <Button asChild variant="outline" size="sm">
        <a href={href} download={name} aria-label={`Download ${name}`}>
          <Download aria-hidden="true" />
          Download
        </a>
      </Button>
      {onDelete && (
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" aria-label={`Delete ${name}`} onClick={onDelete}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      )}
    </div>
  );
}
