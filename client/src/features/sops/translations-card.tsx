import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download, Languages } from 'lucide-react';
import type { SopDetail } from '@common/contracts/sops';
import type { TranslationSummary } from '@common/contracts/translations';
import { can } from '@common/permissions';
import type { LanguageCode } from '@common/languages';
import { TRANSLATION_LANGUAGES } from '@common/translation-rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { MarkdownContent } from '@/components/markdown-content';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { SessionUser } from '@/lib/session';
import { AddTranslationDialog, ApproveTranslationButton } from './translation-dialogs';
import { nativeNameOf, translationDownloadUrl, translationQueries } from './translations-api';

/** Approved, but of a version older than the one in force: never read in its place. */
const isOutdated = (t: TranslationSummary, inForceId: number | null) => t.status === 'approved' && !t.current && inForceId !== null && t.versionId < inForceId;

/** A current translation, open: the line that says what it translates, its text or file, and the way back to the original. */
export function TranslationReader({ translation, inForce, onClose }: { translation: TranslationSummary; inForce: string; onClose: () => void }) {
  const { t } = useLingui();
  const read = useQuery(translationQueries.one(translation.id));
  const language = nativeNameOf(translation.language);
  const version = translation.versionNumber;
  return (
    <div className="space-y-3 rounded-md border border-sky-200 bg-sky-50/50 p-3" data-testid="translation-reader">
      <p className="text-sm font-medium text-navy">
        <Trans>
          This {language} translation is of version {version}; the English original is binding.
        </Trans>
      </p>
      <QueryState query={read} loading={t`Loading the translation...`} failed={t`The translation could not be loaded.`} frame="py-4">
        {/* The translated text is in its language (screen readers, hyphenation); the lines around it are the interface's. */}
        <div lang={translation.language}>
          {read.data?.file ? (
            <a className="inline-flex items-center gap-1 text-sm text-ocean underline" href={translationDownloadUrl(translation.id)}>
              <Download className="size-4" aria-hidden="true" /> {read.data.file.originalName}
            </a>
          ) : (
            <MarkdownContent source={read.data?.content ?? ''} />
          )}
        </div>
      </QueryState>
      <Button variant="outline" size="sm" onClick={onClose}>
        <Trans>Read the original (v{inForce})</Trans>
      </Button>
    </div>
  );
}

/** One line of the list: the language in itself, the version, and where it stands. */
function TranslationRow({ translation, sop, user, onRead }: { translation: TranslationSummary; sop: SopDetail; user: SessionUser; onRead?: () => void }) {
  const version = translation.versionNumber;
  const language = nativeNameOf(translation.language);
  const mayApprove = translation.status === 'draft' && can(user, 'translation.approve') && translation.createdBy !== user.id;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid={`translation-${translation.language}-${version}`}>
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-navy" lang={translation.language}>
          {language}
        </span>
        <span className="text-xs text-muted-foreground">v{version}</span>
        {translation.status === 'draft' ? (
          <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-900">
            <Trans>Draft</Trans>
          </Badge>
        ) : translation.current ? (
          <Badge variant="outline" className="border-emerald-300 bg-emerald-50 text-emerald-900">
            <Trans>Current</Trans>
          </Badge>
        ) : isOutdated(translation, sop.effectiveVersionId) ? (
          <Badge variant="outline" className="border-slate-300 bg-slate-50 text-slate-700">
            <Trans>Outdated</Trans>
          </Badge>
        ) : (
          <Badge variant="outline">
            <Trans>Approved</Trans>
          </Badge>
        )}
      </span>
      <span className="flex gap-2">
        {translation.current && onRead && (
          <Button variant="outline" size="sm" onClick={onRead}>
            <Trans>Read in {language}</Trans>
          </Button>
        )}
        {mayApprove && <ApproveTranslationButton sopId={sop.id} translation={translation} />}
      </span>
    </li>
  );
}

/** The current translation in the person's own language, which the SOP page shows in place of the original. */
export const ownCurrentTranslation = (sop: Pick<SopDetail, 'translations'>, user: SessionUser | null) =>
  user?.language ? (sop.translations ?? []).find((t) => t.current && t.language === user.language) : undefined;

type Standing = 'current' | 'outdated' | 'draft' | 'missing';

/** Per language the SOP may be translated into, where it stands against the version in force. */
export function languageStandings(sop: Pick<SopDetail, 'translations' | 'effectiveVersionId'>): { language: LanguageCode; standing: Standing }[] {
  const translations = sop.translations ?? [];
  return TRANSLATION_LANGUAGES.map((language) => {
    const of = translations.filter((t) => t.language === language);
    if (of.some((t) => t.current)) return { language, standing: 'current' };
    if (of.some((t) => isOutdated(t, sop.effectiveVersionId))) return { language, standing: 'outdated' };
    if (of.some((t) => t.status === 'draft')) return { language, standing: 'draft' };
    return { language, standing: 'missing' };
  });
}

const STANDING_STYLE: Record<Standing, string> = {
  current: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  outdated: 'border-amber-300 bg-amber-50 text-amber-900',
  draft: 'border-sky-300 bg-sky-50 text-sky-900',
  missing: 'border-slate-300 bg-white text-slate-600',
};

/** For approvers: every language at a glance, current, outdated, in draft or missing. */
function LanguageStandings({ sop }: { sop: SopDetail }) {
  const { t } = useLingui();
  const words: Record<Standing, string> = { current: t`current`, outdated: t`outdated`, draft: t`draft`, missing: t`missing` };
  return (
    <div data-testid="translation-standings">
      <p className="mb-1.5 text-xs font-medium tracking-wide text-muted-foreground uppercase">
        <Trans>Languages against the version in force</Trans>
      </p>
      <ul className="flex flex-wrap gap-1.5">
        {languageStandings(sop).map(({ language, standing }) => (
          <li key={language} className={`rounded-full border px-2 py-0.5 text-xs ${STANDING_STYLE[standing]}`} data-standing={standing}>
            <span lang={language}>{nativeNameOf(language)}</span> · {words[standing]}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The SOP's translations (decision 073): what the person may see, each by its language's own
 * name. The one in the reader's own language is shown in the procedure's place (the SOP page);
 * here any other current one opens. A translation of an older version is never read in place
 * of the version in force.
 */
export function TranslationsCard({ sop, user }: { sop: SopDetail; user: SessionUser | null }) {
  const translations = sop.translations ?? [];
  const inForce = sop.versions.find((v) => v.id === sop.effectiveVersionId)?.versionNumber ?? '';
  const mine = ownCurrentTranslation(sop, user);
  const [open, setOpen] = useState<number | null>(null);
  const mayAdd = !!user && !!sop.latestVersionId && can(user, 'translation.add', { ownerId: sop.ownerId });
  if (!user || (translations.length === 0 && !mayAdd)) return null;
  const outdatedMine = !mine && user.language ? translations.find((t) => t.language === user.language && isOutdated(t, sop.effectiveVersionId)) : undefined;
  const reading = translations.find((t) => t.id === open && t.current);
  const language = outdatedMine ? nativeNameOf(outdatedMine.language) : '';
  const old = outdatedMine?.versionNumber ?? '';
  return (
    <Card data-testid="translations-card">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2 text-base">
          <Languages className="size-4" aria-hidden="true" /> <Trans>Translations</Trans>
        </CardTitle>
        {mayAdd && <AddTranslationDialog sop={sop} />}
      </CardHeader>
      <CardContent className="space-y-3">
        {outdatedMine && (
          <p className="text-sm text-amber-900" data-testid="translation-outdated">
            <Trans>
              The {language} translation is of v{old}; v{inForce} is in force.
            </Trans>
          </p>
        )}
        {sop.effectiveVersionId !== null && can(user, 'translation.approve') && <LanguageStandings sop={sop} />}
        {reading && <TranslationReader translation={reading} inForce={inForce} onClose={() => setOpen(null)} />}
        {translations.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No translations yet.</Trans>
          </p>
        ) : (
          <ul className="divide-y">
            {translations.map((t) => (
              <TranslationRow key={t.id} translation={t} sop={sop} user={user} onRead={t.id === mine?.id ? undefined : () => setOpen(t.id)} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
