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

/** Up, down and remove for one row; up is off on the first row and down on the last. */
function RowControls({
  labels,
  at,
  count,
  onMove,
  onRemove,
}: {
  labels: { up: string; down: string; remove: string };
  at: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const buttons = [
    { label: labels.up, icon: ArrowUp, disabled: at === 0, onClick: () => onMove(at - 1) },
    { label: labels.down, icon: ArrowDown, disabled: at === count - 1, onClick: () => onMove(at + 1) },
    { label: labels.remove, icon: X, disabled: false, onClick: onRemove },
  ];
  return buttons.map(({ label, icon: Icon, disabled, onClick }) => (
    <Button key={label} type="button" variant="ghost" size="icon" className="size-8 shrink-0" aria-label={label} disabled={disabled} onClick={onClick}>
      <Icon className="size-4" aria-hidden="true" />
    </Button>
  ));
}

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
