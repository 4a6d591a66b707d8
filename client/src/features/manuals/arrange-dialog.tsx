import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { ManualDetail } from '@common/contracts/manuals';
import { FormDialog } from '@/components/form-dialog';
import { moved, RowControls } from '@/components/row-controls';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
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

/**
 * Finding an SOP to add to a chapter: the server searches titles, numbers and text as the
 * Procedures list does, and the first matches not placed yet are offered as buttons.
 */
function SectionPicker({ chapter, placed, onAdd }: { chapter: number; placed: Set<number>; onAdd: (sop: { id: number; title: string }) => void }) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 250);
  const found = useQuery({ ...manualQueries.findSops(search), enabled: search !== '', placeholderData: keepPreviousData });
  const offered = (found.data?.items ?? []).filter((sop) => !placed.has(sop.id));
  const listId = useId();
  return (
    <div className="space-y-1 sm:pl-7">
      <Input
        type="search"
        aria-label={t`Find an SOP to add to chapter ${chapter}`}
        placeholder={t`Find an SOP to add as a section…`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={200}
        aria-controls={search ? listId : undefined}
      />
      {search !== '' && (
        <div id={listId} aria-live="polite" className="text-sm">
          {found.isError ? (
            <p className="text-red-800">{errorText(found.error, t`The SOPs could not be searched`)}</p>
          ) : !found.data ? (
            <p className="text-muted-foreground">
              <Trans>Searching...</Trans>
            </p>
          ) : offered.length === 0 ? (
            <p className="text-muted-foreground">
              <Trans>No SOP found that is not placed already.</Trans>
            </p>
          ) : (
            <ul className="divide-y rounded-md border" aria-label={t`SOPs found for chapter ${chapter}`}>
              {offered.map((sop) => (
                <li key={sop.id}>
                  <button
                    type="button"
                    className="flex w-full items-center gap-2 px-2 py-1.5 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:outline-sky-700"
                    onClick={() => {
                      onAdd({ id: sop.id, title: sop.title });
                      setText('');
                    }}
                  >
                    <Plus className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                    <span className="min-w-0 flex-1 break-words">{sop.title}</span>
                    {sop.department && <span className="shrink-0 text-xs text-muted-foreground">{sop.department.name}</span>}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {found.data && found.data.total > found.data.items.length && (
            <p className="mt-1 text-xs text-muted-foreground">
              <Trans>More SOPs match: type more of the title to narrow them.</Trans>
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * Arranging a manual: chapters in order, each with its SOPs in order; numbers follow. An SOP
 * already placed (here or in another manual) is not offered again; the server names any clash.
 */
export function ArrangeDialog({ manual, onClose }: { manual: ManualDetail; onClose: () => void }) {
  const { t } = useLingui();
  const allManuals = useQuery(manualQueries.list());
  const [chapters, setChapters] = useState<DraftChapter[]>(() =>
    manual.chapters.map((c) => ({ key: ++nextKey, title: c.title, sopIds: c.sections.map((s) => s.sopId) })),
  );
  const [error, setError] = useState<string | null>(null);
  const save = useArrangeManual(manual.id, onClose);
  // Titles of the sections placed: the manual's own, and those of SOPs added here.
  const [titleOf] = useState(() => new Map(manual.chapters.flatMap((c) => c.sections.map((s) => [s.sopId, s.title] as const))));
  const placed = new Set(chapters.flatMap((c) => c.sopIds));
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
              <RowControls
                labels={{ up: t`Move chapter ${index + 1} up`, down: t`Move chapter ${index + 1} down`, remove: t`Remove chapter ${index + 1}` }}
                at={index}
                count={chapters.length}
                onMove={(to) => setChapters((all) => moved(all, index, to))}
                onRemove={() => setChapters((all) => all.filter((_, i) => i !== index))}
              />
            </div>
            <ul className="space-y-1 sm:pl-7">
              {chapter.sopIds.map((sopId, at) => (
                <li key={sopId} className="flex items-center gap-1 text-sm">
                  <span className="w-9 shrink-0 font-mono text-muted-foreground">
                    {index + 1}.{at + 1}
                  </span>
                  <span className="min-w-0 flex-1 break-words">{titleOf.get(sopId) ?? t`SOP ${sopId}`}</span>
                  <RowControls
                    labels={{
                      up: t`Move section ${index + 1}.${at + 1} up`,
                      down: t`Move section ${index + 1}.${at + 1} down`,
                      remove: t`Remove section ${index + 1}.${at + 1}`,
                    }}
                    at={at}
                    count={chapter.sopIds.length}
                    onMove={(to) => update(index, { sopIds: moved(chapter.sopIds, at, to) })}
                    onRemove={() => update(index, { sopIds: chapter.sopIds.filter((id) => id !== sopId) })}
                  />
                </li>
              ))}
            </ul>
            <SectionPicker
              chapter={index + 1}
              placed={placed}
              onAdd={(sop) => {
                titleOf.set(sop.id, sop.title);
                update(index, { sopIds: [...chapter.sopIds, sop.id] });
              }}
            />
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
