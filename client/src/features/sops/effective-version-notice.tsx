import { ShieldAlert } from 'lucide-react';
import type { SopDetail } from '@common/contracts/sops';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/labels';
import { AmberNote } from './amber-note';
import { downloadAttachment } from '@/components/attachment-list';
import { Trans } from '@lingui/react/macro';

/**
 * When the latest version is an unapproved revision of a published SOP, say so plainly and
 * point to the approved (effective) version: crew must not work from an unreviewed draft.
 */
export function EffectiveVersionNotice({ sop }: { sop: SopDetail }) {
  const latest = sop.latestVersion;
  const effective = sop.versions.find((v) => v.id === sop.effectiveVersionId);
  if (!latest || latest.isPublished || !effective) return null;
  const revision = latest.versionNumber;
  const inForce = effective.versionNumber;
  const approved = effective.approvedAt ? formatDate(effective.approvedAt) : null;
  return (
    <AmberNote icon={ShieldAlert} className="flex-wrap" data-testid="effective-version-notice">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold">
          {approved ? (
            <Trans>
              Version {revision} is not approved yet. The version in force is {inForce}, approved {approved}.
            </Trans>
          ) : (
            <Trans>
              Version {revision} is not approved yet. The version in force is {inForce}.
            </Trans>
          )}
        </p>
        <p>
          <Trans>The steps and files below are the revision under work; use version {inForce} until this one is approved.</Trans>
        </p>
      </div>
      {effective.attachments.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {effective.attachments.map((file) => {
            const name = file.originalName;
            return (
              <Button key={file.id} size="sm" variant="outline" className="border-amber-400 bg-white" onClick={() => downloadAttachment(file)}>
                <Trans>
                  Download v{inForce}: {name}
                </Trans>
              </Button>
            );
          })}
        </div>
      )}
    </AmberNote>
  );
}
