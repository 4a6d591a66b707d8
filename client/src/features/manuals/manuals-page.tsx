import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BookMarked, Plus } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { ManualInput } from '@common/contracts/manuals';
import { can } from '@common/permissions';
import { FormDialog } from '@/components/form-dialog';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useCurrentUser } from '@/lib/session';
import { manualQueries, useCreateManual } from './api';
import { Plural, Trans, useLingui } from '@lingui/react/macro';

function CreateManualDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [code, setCode] = useState('');
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateManual((manual) => {
    onClose();
    navigate(`/manuals/${manual.id}`);
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ManualInput.safeParse({ code, title });
    if (!parsed.success) return setError(parsed.error.issues.map((i) => i.message).join('; '));
    setError(null);
    create.mutate(parsed.data);
  };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t`New manual`}
      description={t`A manual gathers SOPs in numbered chapters and sections.`}
      onSubmit={submit}
      submit={t`Create manual`}
      submitting={t`Creating...`}
      pending={create.isPending}
      changed={code !== '' || title !== ''}
    >
      <div className="space-y-1.5">
        <Label htmlFor="manual-code">
          <Trans>Code</Trans>
        </Label>
        <Input id="manual-code" value={code} onChange={(e) => setCode(e.target.value)} placeholder="FOM" maxLength={20} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="manual-title">
          <Trans>Title</Trans>
        </Label>
        <Input id="manual-title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
    </FormDialog>
  );
}

/** /manuals: every manual, with how many of its sections wait for the reader. */
export default function ManualsPage() {
  const { t } = useLingui();
  const { user } = useCurrentUser();
  const manuals = useQuery(manualQueries.list());
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title={t`Manuals`}
        description={t`The procedures as crews and auditors know them: manuals, chapters and numbered sections.`}
        actions={
          can(user, 'manuals.manage') && (
            <Button onClick={() => setCreating(true)}>
              <Plus className="size-4" aria-hidden="true" /> <Trans>New manual</Trans>
            </Button>
          )
        }
      />
      <QueryState query={manuals} loading={t`Loading manuals...`} failed={t`The manuals could not be loaded.`} frame="py-10">
        {manuals.data?.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No manuals yet.</Trans>
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t`Manuals`}>
            {manuals.data?.map((manual) => (
              <li key={manual.id}>
                <Link
                  href={`/manuals/${manual.id}`}
                  className="flex h-full flex-col gap-2 rounded-lg border bg-white p-4 shadow-sm hover:border-ocean focus-visible:ring-2 focus-visible:ring-ocean focus-visible:outline-none"
                >
                  <span className="flex items-start justify-between gap-2">
                    <span className="flex min-w-0 items-center gap-2">
                      <BookMarked className="size-5 shrink-0 text-ocean" aria-hidden="true" />
                      <span className="font-semibold text-navy">{manual.title}</span>
                    </span>
                    <Badge variant="outline" className="shrink-0 font-mono">
                      {manual.code}
                    </Badge>
                  </span>
                  <span className="text-sm text-muted-foreground">
                    <Plural value={manual.chapterCount} one="# chapter" other="# chapters" /> ·{' '}
                    <Plural value={manual.sectionCount} one="# section" other="# sections" />
                  </span>
                  {manual.changedCount > 0 ? (
                    <span className="text-sm font-medium text-amber-900">
                      <Plural value={manual.changedCount} one="# section new or changed for you" other="# sections new or changed for you" />
                    </span>
                  ) : (
                    <span className="text-sm text-emerald-800">
                      <Trans>Read and up to date</Trans>
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {creating && <CreateManualDialog open={creating} onClose={() => setCreating(false)} />}
    </>
  );
}
