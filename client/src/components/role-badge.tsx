import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { Role } from '@common/roles';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/**
 * Badge colours by how much a role may do: admin destructive, approver default, user
 * secondary. The approver badge is sky-700, not the navy default: it must read on the navy
 * header too (white on sky-700 is 5.9:1).
 */
const ROLE_BADGE: Record<Role, { variant: 'destructive' | 'default' | 'secondary'; className?: string }> = {
  admin: { variant: 'destructive' },
  approver: { variant: 'default', className: 'bg-sky-700' },
  user: { variant: 'secondary' },
};

/** The role's word in the interface's language (the badge sits in the header of every screen). */
const ROLE_WORDS: Record<Role, MessageDescriptor> = { admin: msg({ message: 'Admin', context: 'role' }), approver: msg`Approver`, user: msg`User` };

export function RoleBadge({ role, className, ...rest }: { role: Role; className?: string; 'data-testid'?: string }) {
  const { i18n } = useLingui();
  return (
    <Badge variant={ROLE_BADGE[role].variant} className={cn(ROLE_BADGE[role].className, className)} {...rest}>
      {i18n._(ROLE_WORDS[role])}
    </Badge>
  );
}
