import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import type { ManualDetail } from '@common/contracts/manuals';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorText } from '@/lib/api-error';
import { useArrangeManual, manualQueries } from './api';
import { Trans, useLingui } from '@lingui/react/macro';

interface DraftChapter {
  /** Names the row while chapters move (a new one has no number yet). */
  key: number;
  title: string;
  sopIds: number[];
}

let nextKey = 0;

const moved = <T,>(list: T[], from: number, to: number): T[] => {
  if (to < 0 || to >= list.length) return list;
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item);
  return copy;
};

/**
 * Arranging a manual: chapters in order, each with its SOPs in order; numbers follow. An SOP
 * already placed (here or in another manual) is not offered again; the server names any clash.
 */
export function ArrangeDialog({ manual, onClose }: { manual: ManualDetail; onClose: () => void }) {
  const { t } = useLingui();
  const sops = useQuery(manualQueries.sops());
  const allManuals = useQuery(manualQueries.list());
  const [chapters, setChapters] = useState<DraftChapter[]>(() =>
    manual.chapters.map((c) => ({ key: ++nextKey, title: c.title, sopIds: c.sections.map((s) => s.sopId) })),
  );
  const [error, setError] = useState<string | null>(null);
  const save = useArrangeManual(manual.id, onClose);
  const titleOf = new Map((sops.data ?? []).map((s) => [s.id, s.title]));
  for (const c of manual.chapters) for (const s of c.sections) titleOf.set(s.sopId, s.title);
  const placed = new Set(chapters.flatMap((c) => c.sopIds));
  const available = (sops.data ?? []).filter((s) => !placed.has(s.id));
  const update = (index: number, change: Partial<DraftChapter>) => setChapters((all) => all.map((c, i) => (i === index ? { ...c, ...change } : c)));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (chapters.some((c) => !c.title.trim())) return setError(t`Every chapter needs a title.`);
    setError(null);
    save.mutate(
      { chapters: chapters.map((c) => ({ title: c.title.trim(), sopIds: c.sopIds })) },
      { onError: (e) => setError(errorText(e, t`The chapters and sections could not be saved`)) },
    );
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title={t`Arrange ${manual.code}`}
      description={t`Chapters and sections are numbered in this order. An SOP is a section of one manual at most.`}
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
      onSubmit={submit}
      submit={t`Save`}
      submitting={t`Saving...`}
      pending={save.isPending}
      changed
    >
      <ol className="space-y-4">
        {chapters.map((chapter, index) => (
          <li key={chapter.key} className="space-y-2 rounded-md border p-3">
            <div className="flex items-center gap-1">
              <span className="w-6 shrink-0 font-mono text-sm text-muted-foreground">{index + 1}.</span>
              <Input
                aria-label={t`Title of chapter ${index + 1}`}
                value={chapter.title}
                onChange={(e) => update(index, { title: e.target.value })}
                maxLength={200}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8 shrink-0"
                aria-label={t`Move chapter ${index + 1} up`}
                onClick={() => setChapters((all) => moved(all, index, index - 1))}
              >
                <ArrowUp className="size-4" />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8 shrink-0"
                aria-label={t`Move chapter ${index + 1} down`}
                onClick={() => setChapters((all) => moved(all, index, index + 1))}
              >
                <ArrowDown className="size-4" />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8 shrink-0"
                aria-label={t`Remove chapter ${index + 1}`}
                onClick={() => setChapters((all) => all.filter((_, i) => i !== index))}
              >
                <X className="size-4" />
              </Button>
            </div>
            <ul className="space-y-1 sm:pl-7">
              {chapter.sopIds.map((sopId, at) => (
                <li key={sopId} className="flex items-center gap-1 text-sm">
                  <span className="w-9 shrink-0 font-mono text-muted-foreground">
                    {index + 1}.{at + 1}
                  </span>
                  <span className="min-w-0 flex-1 break-words">{titleOf.get(sopId) ?? t`SOP ${sopId}`}</span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8 shrink-0"
                    aria-label={t`Move up`}
                    onClick={() => update(index, { sopIds: moved(chapter.sopIds, at, at - 1) })}
                  >
                    <ArrowUp className="size-4" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8 shrink-0"
                    aria-label={t`Move down`}
                    onClick={() => update(index, { sopIds: moved(chapter.sopIds, at, at + 1) })}
                  >
                    <ArrowDown className="size-4" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8 shrink-0"
                    aria-label={t`Remove section`}
                    onClick={() => update(index, { sopIds: chapter.sopIds.filter((id) => id !== sopId) })}
                  >
                    <X className="size-4" />
                  </Button>
                </li>
              ))}
            </ul>
            <div className="sm:pl-7">
              <select
                aria-label={t`Add a section to chapter ${index + 1}`}
                className="h-9 w-full rounded-md border bg-white px-2 text-sm"
                value=""
                onChange={(e) => e.target.value && update(index, { sopIds: [...chapter.sopIds, Number(e.target.value)] })}
              >
                <option value="">{t`Add an SOP as a section…`}</option>
                {available.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.title}
                  </option>
                ))}
              </select>
            </div>
          </li>
        ))}
      </ol>
      <Button type="button" variant="outline" onClick={() => setChapters((all) => [...all, { key: ++nextKey, title: '', sopIds: [] }])}>
        <Plus className="size-4" aria-hidden="true" /> <Trans>Add a chapter</Trans>
      </Button>
      {allManuals.data && allManuals.data.length > 1 && (
        <p className="text-xs text-muted-foreground">
          <Trans>An SOP already in another manual is refused when you save.</Trans>
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
    </FormDialog>
  );
}
