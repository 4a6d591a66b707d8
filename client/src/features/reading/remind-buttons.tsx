import { BellRing } from 'lucide-react';
import { can } from '@common/permissions';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/session';
import { useRemindDepartment, useRemindPerson } from './api';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

/** 'Remind' one person by the bell and by e-mail; the server allows it once a day per person. */
export function RemindPersonButton({ person }: { person: { id: number; name: string } }) {
  const { user } = useCurrentUser();
  const remind = useRemindPerson();
  if (!can(user, 'compliance.remind')) return null;
  const done = remind.isSuccess;
  const { name } = person;
  return (
    <Button
      size="sm"
      variant="outline"
      className="shrink-0"
      disabled={remind.isPending || done}
      onClick={() => remind.mutate(person)}
      aria-label={t`Remind ${name}`}
    >
      <BellRing /> {done ? <Trans>Reminded</Trans> : <Trans>Remind</Trans>}
    </Button>
  );
}

/** 'X: those reminded today already are skipped. */
export function RemindDepartmentButton({ departmentId }: { departmentId: number }) {
  const { user } = useCurrentUser();
  const remind = useRemindDepartment();
  if (!can(user, 'compliance.remind')) return null;
  return (
    <Button size="sm" variant="outline" disabled={remind.isPending} onClick={() => remind.mutate(departmentId)}>
      <BellRing /> <Trans>Remind everyone still to read</Trans>
    </Button>
  );
}
