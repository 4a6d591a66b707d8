import { Languages } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { LanguageSelect } from '@/components/language-select';
import { activateLanguage } from '@/lib/i18n';

/**
 * The language before anyone signs in: each language named in itself, so a person finds theirs
 * whatever the screen speaks now. The choice is kept on this device and sent with the sign-in,
 * so a first sign-in keeps it as the person's language.
 */
export function LanguageSwitch() {
  const { t } = useLingui();
  return (
    <div className="flex items-center justify-end gap-2">
      <Languages className="size-4 text-muted-foreground" aria-hidden="true" />
      <label htmlFor="sign-in-language" className="sr-only">
        {t`Language`}
      </label>
      <LanguageSelect id="sign-in-language" onChoose={(language) => void activateLanguage(language)} />
    </div>
  );
}
