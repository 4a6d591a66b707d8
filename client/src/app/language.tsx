import { Fragment, type ReactNode, useEffect } from 'react';
import { I18nProvider, useLingui } from '@lingui/react';
import { isLanguageCode } from '@common/languages';
import { activateLanguage, i18n } from '@/lib/i18n';
import { useCurrentUser } from '@/lib/session';

/** The signed-in person's language, once the session says it: the interface follows. */
function FollowTheUser() {
  const { user } = useCurrentUser();
  const language = user?.language;
  useEffect(() => {
    if (isLanguageCode(language) && language !== i18n.locale) void activateLanguage(language);
  }, [language]);
  return null;
}

/** Draws the app again from the top when the language changes, so every word is in the new one. */
function Redrawn({ children }: { children: ReactNode }) {
  const { i18n: active } = useLingui();
  return <Fragment key={active.locale}>{children}</Fragment>;
}

export function LanguageProvider({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <FollowTheUser />
      <Redrawn>{children}</Redrawn>
    </I18nProvider>
  );
}
