import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { mailStatusQuery, ssoStatusQuery } from '@/lib/shared-queries';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { BackUpNowButton, useBackupWords } from './backup-status';
import { RegistrationSetting, SignatureSetting, SsoAccountsSetting } from './registration-setting';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

/** 'Configure': the system's settings, what each integration says now, and self-registration. */
/** A name that never breaks inside a word, beside a state that wraps when the dialog is narrow. */
const ROW = 'grid grid-cols-[auto_1fr] gap-x-3 rounded-md border p-3';

export function SystemSettingsDialog() {
  const { t } = useLingui();
  const backups = useBackupWords();
  const mail = useQuery(mailStatusQuery).data;
  const sso = useQuery(ssoStatusQuery).data;
  const everyHours = backups.status?.everyHours ?? 0;
  const keep = backups.status?.keep;
  const schedule = backups.status?.configured
    ? plural(everyHours, {
        one: `Every # hour into the server's BACKUP_DIR, keeping the newest ${keep}.`,
        other: `Every # hours into the server's BACKUP_DIR, keeping the newest ${keep}.`,
      })
    : t`Set BACKUP_DIR on the server (and BACKUP_EVERY_HOURS, BACKUP_KEEP) for backups it makes by itself; until then only 'npm run backup' makes one.`;
  const provider = sso?.configured ? sso.name : '';
  const from = mail?.configured ? mail.from : '';
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" className="w-full">
          <Trans>Configure</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>
            <Trans>System Settings</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>How this server is connected, and who may open an account.</Trans>
          </DialogDescription>
        </DialogHeader>
        <dl className="space-y-3 text-sm">
          <div className={ROW}>
            <dt className="whitespace-nowrap font-medium">
              <Trans>Single sign-on</Trans>
            </dt>
            <dd className="min-w-0 break-all text-right font-semibold">{!sso ? '...' : sso.configured ? sso.issuer : t`Not configured`}</dd>
            <dd className="col-span-2 mt-1 text-muted-foreground">
              {sso?.configured
                ? t`The sign-in screen offers 'Sign in with ${provider}'; people are matched to accounts by e-mail address.`
                : t`Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET on the server to offer sign-in with the company identity provider.`}
            </dd>
          </div>
          {sso?.configured && <SsoAccountsSetting className="rounded-md border p-3" />}
          <div className={ROW}>
            <dt className="whitespace-nowrap font-medium">
              <Trans>Email integration</Trans>
            </dt>
            <dd className="min-w-0 text-right font-semibold">{!mail ? '...' : mail.configured ? t`Active` : t`Not configured`}</dd>
            <dd className="col-span-2 mt-1 text-muted-foreground">
              {mail?.configured
                ? t`Sends as ${from} through the server's SMTP_URL: the SOP page's Send Email.`
                : t`Set SMTP_URL (and MAIL_FROM) on the server to send e-mail; until then Send Email opens the reader's own mail program.`}
            </dd>
          </div>
          <div className={ROW}>
            <dt className="whitespace-nowrap font-medium">
              <Trans>Backups</Trans>
            </dt>
            <dd className="min-w-0 text-right font-semibold">{backups.words}</dd>
            <dd className="col-span-2 mt-1 text-muted-foreground">{schedule}</dd>
            <dd className="col-span-2 mt-2 flex justify-end empty:hidden">
              <BackUpNowButton />
            </dd>
          </div>
          <RegistrationSetting className="rounded-md border p-3" />
          <SignatureSetting className="rounded-md border p-3" />
        </dl>
      </DialogContent>
    </Dialog>
  );
}
