import { lazy, Suspense, useLayoutEffect } from 'react';
import { loadOnce } from '@/lib/load-once';
import type { ReaderDocument } from './reader-document';
import { Trans } from '@lingui/react/macro';

/**
 * The document reader, opened over the screen that lists the file: SOP attachments and daily
 * programs. All of its code (the dialog, pdf.js above all) is fetched the first time a
 * document is opened, so no screen's first load carries it; the installed app keeps it for
 * offline use like every screen.
 */

export const loadReader = loadOnce(() => import('./document-reader'));
const DocumentReader = lazy(loadReader);

interface Props {
  /** The document open in the reader; null: closed. */
  document: ReaderDocument | null;
  onClose: () => void;
  /** Called once the document has been shown (its first page drawn, its text on screen). */
  onOpened?: (document: ReaderDocument) => void;
}

export function ReaderDialog({ document, onClose, onOpened }: Props) {
  const open = document !== null;
  // Opened from any control (a Read button, a preview image): focus goes back to it on closing.
  useLayoutEffect(() => {
    if (!open) return;
    const opener = window.document.activeElement;
    return () => {
      if (opener instanceof HTMLElement) setTimeout(() => opener.isConnected && opener.focus(), 0);
    };
  }, [open]);
  if (!document) return null;
  return (
    <Suspense
      fallback={
        <div className="fixed inset-0 z-50 grid place-items-center bg-slate-950/50 text-sm font-medium text-white" role="status">
          <Trans>Opening the reader...</Trans>
        </div>
      }
    >
      <DocumentReader document={document} onClose={onClose} onOpened={onOpened} />
    </Suspense>
  );
}
