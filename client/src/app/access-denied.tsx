import { ShieldAlert } from 'lucide-react';
import { type Action, rolesThatMay } from '@common/permissions';
import type { Role } from '@common/roles';
import { Card, CardContent } from '@/components/ui/card';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';

/** The roles that may, each as a person reads it, joined by 'or': 'approver or admin'. */
function neededRoles(roles: readonly Role[]): string {
  const named = [...roles.filter((role) => role !== 'admin'), 'admin' as const].map((role) => ROLE_NAMES[role]);
  return named.reduce((all, role) => t`${all} or ${role}`);
}

/** The roles in lower case, as the sentence says them. */
const ROLE_NAMES: Record<Role, string> = {
  get admin() {
    return t`admin`;
  },
  get approver() {
    return t`approver`;
  },
  get user() {
    return t`user`;
  },
};

/**
 * What someone sees on a screen their role may not open (the route table's `requires`). The
 * screen's code is not even loaded, so none of its calls are made: the server would refuse them.
 */
export function AccessDenied({ requires, onShip }: { requires: Action; onShip?: string }) {
  const roles = rolesThatMay(requires);
  if (roles.length === 1 && roles[0] === 'admin') return <AdministratorsOnly />;
  // The roles that may, named the way a person reads them: 'approver or admin'.
  const needed = neededRoles(roles);
  return (
    <div role="alert" className="mx-auto mt-10 max-w-xl rounded-lg border border-red-200 bg-red-50 p-6 text-center text-red-800">
      <ShieldAlert className="mx-auto mb-2 size-8" aria-hidden="true" />
      <h1 className="font-semibold">
        <Trans>Access Denied</Trans>
      </h1>
      <p className="text-sm">{onShip ?? <Trans>Insufficient Permissions: You need {needed} permissions to access this page.</Trans>}</p>
    </div>
  );
}

/** The Administration Center's own refusal: a banner, then a card. */
function AdministratorsOnly() {
  return (
    <div className="space-y-6">
      <div role="alert" className="flex items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800">
        <ShieldAlert className="size-5 shrink-0" aria-hidden="true" />
        <div>
          <h1 className="font-semibold">
            <Trans>Access Denied</Trans>
          </h1>
          <p className="text-sm">
            <Trans>Administrator privileges required to access this section</Trans>
          </p>
        </div>
      </div>
      <Card className="mx-auto max-w-xl">
        <CardContent className="py-6 text-center">
          <p className="text-sm text-muted-foreground">
            <Trans>Insufficient Permissions: You need administrator permissions to access this page.</Trans>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
