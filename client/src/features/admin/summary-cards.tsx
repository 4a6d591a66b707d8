import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Building2, HardDrive, History, LayoutTemplate, Settings, Users, type LucideIcon } from 'lucide-react';
import type { Department } from '@common/contracts/departments';
import { mostUsedTemplate } from '@common/contracts/templates';
import type { AdminUser } from '@common/contracts/users';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { formatBytes } from '@/lib/labels';
import { mailStatusQuery, ssoStatusQuery, templatesQuery } from '@/lib/shared-queries';
import { adminQueries } from './api';
import { LastAuditVerification, VerifyAuditChainButton } from './audit-verification';
import { CreateUserDialog } from './create-user-dialog';
import { ManageDepartmentsDialog } from './manage-departments-dialog';
import { ManagePositionsDialog } from './manage-positions-dialog';
import { ManageTemplatesDialog, sopsText } from './manage-templates-dialog';
import { BackUpNowRow, useBackupWords } from './backup-status';
import { ReviewTemplateControl } from './review-template-dialog';
import { RegistrationSetting, SignatureSetting, SsoAccountsSetting } from './registration-setting';
import { StorageSettingsDialog } from './storage-settings-dialog';
import { SystemSettingsDialog } from './system-settings-dialog';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

/** A dash while a figure could not be read, rather than a number that would look real. */
const NONE = '—';

/** A figure of the overview (counted by the server), '...' while it loads. */
function useOverviewFigure() {
  const { data, isLoading } = useQuery(adminQueries.overview());
  return (value: (overview: NonNullable<typeof data>) => ReactNode) => (isLoading ? '...' : data ? value(data) : NONE);
}

function SummaryCard({ icon: Icon, title, children, action }: { icon: LucideIcon; title: string; children: ReactNode; action: ReactNode }) {
  return (
    <Card aria-label={title} role="region">
      <CardHeader className="flex flex-row items-center gap-2">
        <span className="flex size-8 items-center justify-center rounded-md bg-sky-50 text-ocean">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        <CardTitle className="text-base text-navy">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-1.5 text-sm">{children}</dl>
      </CardContent>
      <CardFooter className="mt-auto">{action}</CardFooter>
    </Card>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums text-foreground">{value}</dd>
    </div>
  );
}

export function UsersRolesCard({ users, isLoading }: { users?: AdminUser[]; isLoading: boolean }) {
  const { t } = useLingui();
  const countOf = (role: AdminUser['role']) => (users ? users.filter((u) => u.role === role).length : NONE);
  const show = (value: number | string) => (isLoading ? '...' : value);
  return (
    <SummaryCard icon={Users} title={t`Users & Roles`} action={<CreateUserDialog />}>
      <Stat label={t`Total users`} value={show(users ? users.length : NONE)} />
      <Stat label={t`Administrators`} value={show(countOf('admin'))} />
      <Stat label={t`Approvers`} value={show(countOf('approver'))} />
    </SummaryCard>
  );
}

export function DepartmentsCard({ departments, isLoading }: { departments?: Department[]; isLoading: boolean }) {
  const { t } = useLingui();
  const overview = useOverviewFigure();
  return (
    <SummaryCard
      icon={Building2}
      title={t`Departments`}
      action={
        <div className="flex w-full flex-col gap-2">
          <ManageDepartmentsDialog />
          <ManagePositionsDialog />
        </div>
      }
    >
      <Stat label={t`Departments`} value={isLoading ? '...' : (departments?.length ?? NONE)} />
      <Stat label={t`Active SOPs`} value={overview((o) => o.sops.inForce)} />
      <Stat label={t`Pending review`} value={overview((o) => o.sops.awaitingDecision)} />
    </SummaryCard>
  );
}

/**
 * The templates and the one most SOPs were started from, counted by the server from real
 * creations; beside them, the master's review template (office only).
 */
export function TemplatesCard() {
  const { t } = useLingui();
  const { data, isLoading } = useQuery(templatesQuery);
  const show = (value: (templates: NonNullable<typeof data>) => ReactNode) => (isLoading ? '...' : data ? value(data) : NONE);
  const mostUsed = (templates: NonNullable<typeof data>) => {
    const top = mostUsedTemplate(templates);
    if (!top) return t`No template used yet`;
    return (
      <span className="block text-right [overflow-wrap:anywhere]">
        {top.name} <span className="font-normal text-muted-foreground">({sopsText(top.useCount)})</span>
      </span>
    );
  };
  return (
    <SummaryCard
      icon={LayoutTemplate}
      title={t`Templates`}
      action={
        <div className="flex w-full flex-col gap-2">
          <ManageTemplatesDialog />
          <ReviewTemplateControl />
        </div>
      }
    >
      <Stat label={t`Templates`} value={show((templates) => templates.length)} />
      <Stat label={t`Most used`} value={show(mostUsed)} />
    </SummaryCard>
  );
}

/**
 * The file store's real figures in plain words: the space its files take, how many there are,
 * and what keeping identical files once saves. No bar: with no capacity to measure against, a
 * bar would read as 'full'.
 */
function StorageCard() {
  const { t } = useLingui();
  const { data, isLoading } = useQuery(adminQueries.storage());
  const backups = useQuery(adminQueries.backups()).data;
  const keep = backups?.keep ?? 0;
  const retention = !backups ? '...' : backups.configured ? plural(keep, { one: 'Newest # backup', other: 'Newest # backups' }) : t`No backups kept`;
  const show = (value: (facts: NonNullable<typeof data>) => ReactNode) => (isLoading ? '...' : data ? value(data) : NONE);
  return (
    <SummaryCard icon={HardDrive} title={t`Storage & Retention`} action={<StorageSettingsDialog />}>
      <Stat label={t`Space taken by files`} value={show((f) => formatBytes(f.storedBytes))} />
      <Stat label={t`Files kept`} value={show((f) => f.storedFiles)} />
      <Stat label={t`Saved by keeping identical files once`} value={show((f) => formatBytes(Math.max(0, f.referencedBytes - f.storedBytes)))} />
      <Stat label={t`Retention policy`} value={retention} />
    </SummaryCard>
  );
}

/** The cards of the settings and records beside users and departments. */
export function SystemCards() {
  const { t } = useLingui();
  const overview = useOverviewFigure();
  const backups = useBackupWords();
  const mail = useQuery(mailStatusQuery);
  const mailWords = mail.isLoading ? '...' : mail.data?.configured ? t`Active` : t`Not configured`;
  const sso = useQuery(ssoStatusQuery);
  const ssoWords = sso.isLoading ? '...' : sso.data?.configured ? sso.data.issuer : t`Not configured`;
  return (
    <>
      <StorageCard />
      <SummaryCard
        icon={History}
        title={t`Audit Trail`}
        action={
          <div className="flex w-full flex-col gap-2">
            <Button asChild variant="outline" size="sm" className="w-full">
              <Link href="/admin/audit">
                <Trans>View Audit Log</Trans>
              </Link>
            </Button>
            <VerifyAuditChainButton />
          </div>
        }
      >
        <Stat label={t`Events in the last 24 hours`} value={overview((o) => o.auditEventsLastDay)} />
        <Stat label={t`Last verification`} value={<LastAuditVerification />} />
      </SummaryCard>
      <SummaryCard icon={Settings} title={t`System Settings`} action={<SystemSettingsDialog />}>
        <Stat label={t`Single sign-on`} value={<span className="break-all">{ssoWords}</span>} />
        <Stat label={t`Email integration`} value={mailWords} />
        <Stat label={t`Backup status`} value={backups.words} />
        <BackUpNowRow />
        <RegistrationSetting />
        {sso.data?.configured && <SsoAccountsSetting />}
        <SignatureSetting />
      </SummaryCard>
    </>
  );
}
