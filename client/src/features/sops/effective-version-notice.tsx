import { ShieldAlert } from 'lucide-react';
import type { SopDetail } from '@common/contracts/sops';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/labels';
import { AmberNote } from './amber-note';
import { downloadAttachment } from '@/components/attachment-list';

/**
 * When the latest version is an unapproved revision of a published SOP, say so plainly and
 * point to the approved (effective) version: crew must not work from an unreviewed draft.
 */
export function EffectiveVersionNotice({ sop }: { sop: SopDetail }) {
  const latest = sop.latestVersion;
  const effective = sop.versions.find((v) => v.id === sop.effectiveVersionId);
  if (!latest || latest.isPublished || !effective) return null;
  return (
    <AmberNote icon={ShieldAlert} className="flex-wrap" data-testid="effective-version-notice">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold">
          Version {latest.versionNumber} is not approved yet. The version in force is {effective.versionNumber}
          {effective.approvedAt ? `, approved ${formatDate(effective.approvedAt)}` : ''}.
        </p>
        <p>The steps and files below are the revision under work; use version {effective.versionNumber} until this one is approved.</p>
      </div>
      {effective.attachments.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {effective.attachments.map((file) => (
            <Button key={file.id} size="sm" variant="outline" className="border-amber-400 bg-white" onClick={() => downloadAttachment(file)}>
              Download v{effective.versionNumber}: {file.originalName}
            </Button>
          ))}
        </div>
      )}
    </AmberNote>
  );
}
