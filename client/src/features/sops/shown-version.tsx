import { Link } from 'wouter';
import { FileWarning } from 'lucide-react';
import type { PublicUser } from '@common/contracts/auth';
import type { SopDetail, SopVersion } from '@common/contracts/sops';
import { can } from '@common/permissions';
import { versionStanding } from '@common/sop-lifecycle';
import { versionStandingLabel } from '@/lib/labels';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * Which version the SOP page shows. `?version={id}` asks for one (read-only). Without it,
 * those who may edit the SOP see the latest version, the one they work on; readers land on
 * the version in force when a revision is under way.
 */
export function shownVersionOf(sop: SopDetail, user: PublicUser | null, requested: number | null): { version: SopVersion | null; pinned: boolean } {
  const asked = requested ? sop.versions.find((v) => v.id === requested) : undefined;
  if (asked) return { version: asked, pinned: true };
  const effective = sop.versions.find((v) => v.id === sop.effectiveVersionId) ?? null;
  if (!can(user, 'sop.edit', { ownerId: sop.ownerId }) && effective) return { version: effective, pinned: false };
  return { version: sop.latestVersion, pinned: false };
}

/** The `?version=` of the page's address, or null. */
export function requestedVersion(search: string): number | null {
  const value = Number(new URLSearchParams(search).get('version'));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** Above a version opened on its own: whether it may be used. The version in force needs no warning. */
export function PinnedVersionBanner({ sop, version }: { sop: SopDetail; version: SopVersion }) {
  const standing = versionStanding(version, sop.effectiveVersionId, sop);
  const effective = sop.versions.find((v) => v.id === sop.effectiveVersionId);
  const { t } = useLingui();
  const newer = effective?.versionNumber ?? t`a newer version`;
  const standingWord = versionStandingLabel(standing);
  const text =
    standing === 'superseded'
      ? t`Superseded by ${newer} — not for use`
      : standing === 'submitted' || standing === 'changes_requested'
        ? t`${standingWord} — not approved`
        : standing === 'draft'
          ? t`Draft — not approved`
          : null;
  const number = version.versionNumber;
  const state = text ?? t`in force`;
  return (
    <div
      role="note"
      className={
        text
          ? 'flex flex-wrap items-center gap-3 rounded-lg border border-rose-300 bg-rose-50 p-4 text-sm text-rose-950'
          : 'flex flex-wrap items-center gap-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-950'
      }
      data-testid="version-banner"
    >
      <FileWarning className="size-5 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1 font-semibold">
        <Trans>
          Version {number}: {state}
        </Trans>
      </p>
      <Link href={`/sop/${sop.id}`} className="font-medium underline underline-offset-2">
        <Trans>Back to the current SOP</Trans>
      </Link>
    </div>
  );
}
