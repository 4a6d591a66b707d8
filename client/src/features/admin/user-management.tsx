import { useState } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { KeyRound, Link2, Pencil, UserCheck, UserX } from 'lucide-react';
import type { AdminUser } from '@common/contracts/users';
import { QueryState } from '@/components/query-state';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { RoleBadge } from '@/components/role-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableRow, TableHeadings } from '@/components/ui/table';
import { formatDate } from '@/lib/labels';
import { displayNameOf } from '@/lib/names';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { ssoStatusQuery } from '@/lib/shared-queries';
import { adminQueries, useApproveUser, useDeleteUser } from './api';
import { departmentChoices } from './department-choices';
import { EditUserDialog } from './edit-user-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { SsoIdentityDialog } from './sso-identity-dialog';
import { Trans, useLingui } from '@lingui/react/macro';

type UserAction = (user: AdminUser) => void;
interface RowActions {
  edit: UserAction;
  reset: UserAction;
  remove: UserAction;
  /** Only while single sign-on is configured. */
  sso?: UserAction;
}

export function UserManagement({ query, currentUserId }: { query: UseQueryResult<AdminUser[]>; currentUserId: number }) {
  const [pending, setPending] = useState<AdminUser | null>(null);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [linking, setLinking] = useState<AdminUser | null>(null);
  const { t } = useLingui();
  const sso = useQuery(ssoStatusQuery).data;
  const deleteUser = useDeleteUser();
  const departments = useQuery(adminQueries.departments());
  const departmentLabel = new Map(departmentChoices(departments.data ?? []).map((d) => [d.id, d.label]));
  const positions = useQuery(adminQueries.positions());
  const positionName = new Map((positions.data ?? []).map((p) => [p.id, p.name]));
  const positionOf = (user: AdminUser) => (user.positionId == null ? null : (positionName.get(user.positionId) ?? '…'));
  const departmentAlone = (user: AdminUser) => (user.departmentId === null ? null : (departmentLabel.get(user.departmentId) ?? '…'));
  // The cards show the position beside the department ('Marine › Deck · Bosun').
  const departmentOf = (user: AdminUser) => [departmentAlone(user), positionOf(user)].filter(Boolean).join(' · ') || null;
  const users = query.data ?? [];
  // Every dialog gives focus back to the control that opened it.
  const returnFocus = useReturnFocus();
  const opening = (open: (user: AdminUser | null) => void) => (user: AdminUser) => {
    returnFocus.remember();
    open(user);
  };
  const closing = (close: (user: AdminUser | null) => void) => () => {
    close(null);
    returnFocus.restore();
  };
  const actions: RowActions = {
    edit: opening(setEditing),
    reset: opening(setResetting),
    remove: opening(setPending),
    sso: sso?.configured ? opening(setLinking) : undefined,
  };

  const pendingName = displayNameOf(pending);
  const confirmDelete = () => {
    if (!pending) return;
    deleteUser.mutate(pending.id, { onSettled: closing(setPending) });
  };

  return (
    // min-w-0: the card never widens the page; below 1024 px users are cards.
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="text-lg text-navy">
          <Trans>User Management</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState query={query} loading={t`Loading users`} failed={t`Could not load the users.`} frame="py-8">
          <UserCards users={users} currentUserId={currentUserId} departmentOf={departmentOf} actions={actions} />
          <Table aria-label={t`Users`} wrapperClassName="hidden lg:block">
            <TableHeadings
              columns={[t`Name`, t`Username`, t`Email`, t`Role`, t`Department and position`, t`Created`, { label: t`Actions`, className: 'text-right' }]}
            />
            <TableBody>
              {users.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={7} className="py-8 text-center text-muted-foreground">
                    <Trans>No users found</Trans>
                  </TableCell>
                </TableRow>
              ) : (
                users.map((user) => (
                  <TableRow key={user.id}>
                    <TableCell className="font-medium">{displayNameOf(user)}</TableCell>
                    <TableCell>{user.username}</TableCell>
                    <TableCell>{user.email || <span className="text-muted-foreground">—</span>}</TableCell>
                    <TableCell>
                      <RoleAndState user={user} />
                    </TableCell>
                    <TableCell>
                      {departmentAlone(user) ?? <span className="text-muted-foreground">—</span>}
                      {positionOf(user) && <span className="block text-xs text-muted-foreground">{positionOf(user)}</span>}
                    </TableCell>
                    <TableCell>{formatDate(user.createdAt, t`N/A`)}</TableCell>
                    <TableCell className="text-right whitespace-nowrap">
                      <UserActions user={user} isSelf={user.id === currentUserId} actions={actions} />
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </QueryState>
      </CardContent>

      <EditUserDialog user={editing} isSelf={editing?.id === currentUserId} onClose={closing(setEditing)} />
      <ResetPasswordDialog user={resetting} onClose={closing(setResetting)} />
      <SsoIdentityDialog user={linking} provider={sso?.name ?? t`the identity provider`} onClose={closing(setLinking)} />
      {/* The server deactivates and hides the account: its name stays on every record it touched. */}
      <ConfirmDeleteDialog
        open={pending !== null}
        title={t`Delete user`}
        description={t`Are you sure you want to delete the user "${pendingName}"? This action cannot be undone.`}
        pending={deleteUser.isPending}
        onConfirm={confirmDelete}
        onClose={closing(setPending)}
      />
    </Card>
  );
}

function RoleAndState({ user }: { user: AdminUser }) {
  return (
    <div className="flex flex-wrap items-center gap-1">
      <RoleBadge role={user.role} />
      {user.awaitingApproval ? (
        <Badge variant="outline">
          <Trans>Waiting for approval</Trans>
        </Badge>
      ) : (
        !user.active && (
          <Badge variant="outline">
            <Trans>Inactive</Trans>
          </Badge>
        )
      )}
    </div>
  );
}

function UserActions({ user, isSelf, actions }: { user: AdminUser; isSelf: boolean; actions: RowActions }) {
  const { t } = useLingui();
  const name = displayNameOf(user);
  const approve = useApproveUser();
  return (
    <>
      {user.awaitingApproval && (
        <Button variant="outline" size="sm" aria-label={t`Approve account of ${name}`} disabled={approve.isPending} onClick={() => approve.mutate(user.id)}>
          <UserCheck /> <Trans>Approve</Trans>
        </Button>
      )}
      <Button variant="ghost" size="icon" aria-label={t`Edit user ${name}`} title={t`Edit`} onClick={() => actions.edit(user)}>
        <Pencil />
      </Button>
      <Button variant="ghost" size="icon" aria-label={t`Reset password for ${name}`} title={t`Reset password`} onClick={() => actions.reset(user)}>
        <KeyRound />
      </Button>
      {actions.sso && (
        <Button variant="ghost" size="icon" aria-label={t`Single sign-on for ${name}`} title={t`Single sign-on`} onClick={() => actions.sso?.(user)}>
          <Link2 />
        </Button>
      )}
      <Button
        variant="ghost"
        size="icon"
        className="text-destructive hover:text-destructive"
        disabled={isSelf}
        aria-label={isSelf ? t`You cannot delete your own account` : t`Delete user ${name}`}
        title={isSelf ? t`You cannot delete your own account` : t`Delete`}
        onClick={() => actions.remove(user)}
      >
        <UserX />
      </Button>
    </>
  );
}

function CreatedOn({ at }: { at: AdminUser['createdAt'] }) {
  const { t } = useLingui();
  const date = formatDate(at, t`N/A`);
  return (
    <span className="text-xs text-muted-foreground">
      <Trans>Created {date}</Trans>
    </span>
  );
}

/** Below 1024 px each user is a card: nothing is cut off and the page never scrolls sideways. */
function UserCards({
  users,
  currentUserId,
  departmentOf,
  actions,
}: {
  users: AdminUser[];
  currentUserId: number;
  departmentOf: (user: AdminUser) => string | null;
  actions: RowActions;
}) {
  const { t } = useLingui();
  if (users.length === 0)
    return (
      <p className="py-8 text-center text-sm text-muted-foreground lg:hidden">
        <Trans>No users found</Trans>
      </p>
    );
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:hidden" aria-label={t`Users`}>
      {users.map((user) => (
        <li key={user.id} className="flex flex-col gap-2 rounded-lg border p-3 text-sm">
          <div className="min-w-0 space-y-1">
            <p className="font-medium wrap-anywhere text-navy">{displayNameOf(user)}</p>
            <p className="text-muted-foreground">{user.username}</p>
            {user.email && <p className="break-all text-muted-foreground">{user.email}</p>}
            <div className="flex flex-wrap items-center gap-2">
              <RoleAndState user={user} />
              {departmentOf(user) && <span className="text-xs text-muted-foreground">{departmentOf(user)}</span>}
              <CreatedOn at={user.createdAt} />
            </div>
          </div>
          <div className="-ml-2 flex">
            <UserActions user={user} isSelf={user.id === currentUserId} actions={actions} />
          </div>
        </li>
      ))}
    </ul>
  );
}
