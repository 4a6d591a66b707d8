import { isLanguageCode, LANGUAGES, type LanguageCode } from '@common/languages';
import { activeLanguage } from '@/lib/i18n';
import { cn } from '@/lib/utils';

/**
 * The languages, each named in itself so a person finds theirs whatever the screen speaks now;
 * the interface's language is the one chosen. The sign-in page and My Account both offer it.
 */
export function LanguageSelect({
  id,
  onChoose,
  disabled,
  className,
}: {
  id: string;
  onChoose: (language: LanguageCode) => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <select
      id={id}
      className={cn('h-9 rounded-md border border-input bg-background px-2 text-sm', className)}
      value={activeLanguage()}
      disabled={disabled}
      onChange={(event) => isLanguageCode(event.target.value) && onChoose(event.target.value)}
    >
      {LANGUAGES.map((language) => (
        <option key={language.code} value={language.code} lang={language.code}>
          {language.nativeName}
        </option>
      ))}
    </select>
  );
}
