import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { ROLE_LABELS, type Role } from '@common/roles';
import type { AdminUser } from '@common/contracts/users';
import { Spinner } from '@/components/spinner';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { displayNameOf } from '@/lib/names';
import { cn } from '@/lib/utils';
import { useDeleteUser } from './api';

/** SPEC §6 badge colours: admin destructive, approver default, user secondary. */
const ROLE_BADGE: Record<Role, 'destructive' | 'default' | 'secondary'> = { admin: 'destructive', approver: 'default', user: 'secondary' };

export function UserManagement({ query, currentUserId }: { query: UseQueryResult<AdminUser[] | null>; currentUserId: number }) {
  const [pending, setPending] = useState<AdminUser | null>(null);
  const deleteUser = useDeleteUser();
  const users = query.data ?? [];

  const confirmDelete = () => {
    if (!pending) return;
    deleteUser.mutate(pending.id, { onSettled: () => setPending(null) });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg text-navy">User Management</CardTitle>
      </CardHeader>
      <CardContent>
        {query.isLoading ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading users" />
          </div>
        ) : query.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-8 text-sm text-muted-foreground">
            <p>Could not load the users.</p>
            <Button variant="outline" size="sm" onClick={() => query.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <Table aria-label="Users">
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Username</TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Created</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {users.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6} className="py-8 text-center text-muted-foreground">
                    No users found
                  </TableCell>
                </TableRow>
              ) : (
                users.map((user) => {
                  const name = displayNameOf(user);
                  const isSelf = user.id === currentUserId;
                  return (
                    <TableRow key={user.id}>
                      <TableCell className="font-medium">{name}</TableCell>
                      <TableCell>{user.username}</TableCell>
                      <TableCell>{user.email || <span className="text-muted-foreground">—</span>}</TableCell>
                      <TableCell>
                        <Badge variant={ROLE_BADGE[user.role]} className={cn(user.role === 'approver' && 'bg-sky-600')}>
                          {ROLE_LABELS[user.role]}
                        </Badge>
                      </TableCell>
                      <TableCell>{formatDate(user.createdAt, 'N/A')}</TableCell>
                      <TableCell className="text-right">
                        <Button
                          variant="ghost"
                          size="icon"
                          className="text-destructive hover:text-destructive"
                          disabled={isSelf}
                          aria-label={isSelf ? 'You cannot delete your own account' : `Delete user ${name}`}
                          title={isSelf ? 'You cannot delete your own account' : undefined}
                          onClick={() => setPending(user)}
                        >
                          <Trash2 />
                        </Button>
                      </TableCell>
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        )}
      </CardContent>

      <ConfirmDeleteDialog
        open={pending !== null}
        title="Delete user"
        description={`Are you sure you want to delete the user "${displayNameOf(pending)}"? This action cannot be undone.`}
        pending={deleteUser.isPending}
        onConfirm={confirmDelete}
        onClose={() => setPending(null)}
      />
    </Card>
  );
}
