import { memo } from 'react';
import { Download, Lightbulb, Megaphone, Plus } from 'lucide-react';
import { Link } from 'wouter';
import { can } from '@common/permissions';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/session';
import { BulkUploadDialog } from './bulk-upload-dialog';
import { UploadSopButton } from './upload-sop-button';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * The list's header actions. Memoised, like the filters and the closed dialogs: the list's
 * answer arriving redraws the page, and these (Radix selects, dialog triggers) were most of
 * that work, in one long task on a phone.
 */
export const ListActions = memo(function ListActions({
  online,
  exporting,
  onExport,
  reader = false,
}: {
  online: boolean;
  exporting: boolean;
  onExport: () => void;
  /**
   * A reader: on a phone their authoring actions are drawn under the list instead (see
   * ProceduresPage). Hidden by CSS, not unmounted, so a dialog they opened survives a resize.
   */
  reader?: boolean;
}) {
  return (
    <>
      <Button asChild variant="outline" size="sm">
        <Link href="/circulars">
          <Megaphone /> <Trans>Circulars</Trans>
        </Link>
      </Button>
      <Button asChild variant="outline" size="sm">
        <Link href="/suggestions">
          <Lightbulb /> <Trans>Suggestions</Trans>
        </Link>
      </Button>
      {/* The register is made by the server: offline there is nothing it could export. */}
      <Button variant="outline" size="sm" onClick={onExport} disabled={exporting || !online}>
        <Download /> {exporting ? <Trans>Exporting...</Trans> : <Trans>Export</Trans>}
      </Button>
      {reader ? (
        <div className="hidden sm:contents">
          <AuthoringActions online={online} />
        </div>
      ) : (
        <AuthoringActions online={online} />
      )}
    </>
  );
});

/** Bulk upload, Upload and New SOP (none on a ship's copy). */
export const AuthoringActions = memo(function AuthoringActions({ online }: { online: boolean }) {
  const { user } = useCurrentUser();
  const { t } = useLingui();
  // On a ship's copy SOPs are written ashore.
  if (!can(user, 'sop.create')) return null;
  return (
    <>
      <BulkUploadDialog />
      <UploadSopButton triggerClassName="h-8" />
      {online ? (
        <Button asChild size="sm" className="bg-ocean hover:bg-ocean/90">
          <Link href="/sop/new">
            <Plus /> <Trans>New SOP</Trans>
          </Link>
        </Button>
      ) : (
        <Button size="sm" className="bg-ocean hover:bg-ocean/90" disabled title={t`Not while offline`}>
          <Plus /> <Trans>New SOP</Trans>
        </Button>
      )}
    </>
  );
});
