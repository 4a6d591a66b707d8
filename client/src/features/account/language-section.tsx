import { useQueryClient } from '@tanstack/react-query';
import { Languages } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import type { PublicUser } from '@common/contracts/auth';
import { can } from '@common/permissions';
import type { LanguageCode } from '@common/languages';
import { LanguageSelect } from '@/components/language-select';
import { SectionCard } from '@/components/section-card';
import { Label } from '@/components/ui/label';
import { apiRequest } from '@/lib/api';
import { activateLanguage } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { useCurrentUser } from '@/lib/session';
import { useApiMutation } from '@/lib/use-api-mutation';

/**
 * My Account: the interface's language. Ashore it is the person's own (kept on their account, so
 * every device follows); on a ship's copy the account is the office's, so the choice stays on
 * this device.
 */
export function LanguageSection() {
  const { t } = useLingui();
  const { user } = useCurrentUser();
  const client = useQueryClient();
  const keeps = can(user, 'account.language');
  const save = useApiMutation({
    mutationFn: async (language: LanguageCode) => (await apiRequest('PUT', '/api/account/language', { language })).json() as Promise<PublicUser>,
    onSuccess: (updated) => client.setQueryData(queryKeys.currentUser(), (old: PublicUser | undefined) => (old ? { ...old, language: updated.language } : old)),
    failure: { fallback: t`The language could not be saved` },
  });
  const choose = (language: LanguageCode) => {
    void activateLanguage(language);
    if (keeps) save.mutate(language);
  };
  return (
    <SectionCard icon={Languages} title={t`Language`} testId="language-section">
      <div className="space-y-2">
        <Label htmlFor="account-language">{t`The language of the app's screens`}</Label>
        <LanguageSelect id="account-language" className="w-full max-w-xs" disabled={save.isPending} onChoose={choose} />
        <p className="text-xs text-muted-foreground">
          {keeps
            ? t`Kept on your account: every device you sign in on follows it.`
            : t`This is a ship copy: the choice is kept on this device; your account's language is set ashore.`}
        </p>
      </div>
    </SectionCard>
  );
}
