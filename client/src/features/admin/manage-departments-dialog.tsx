import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Building2, FolderTree, Route } from 'lucide-react';
import type { Department } from '@common/contracts/departments';
import { EditDeleteButtons } from '@/components/edit-delete-buttons';
import { ManageDialog } from '@/components/manage-dialog';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { adminQueries } from './api';
import { ApprovalRouteDialog } from './approval-route-dialog';
import { DeleteDepartmentDialog } from './delete-department-dialog';
import { DepartmentFormDialog } from './department-form-dialog';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';

/** Shown so an admin sees why a delete would be refused before trying it. */
const sopCountText = (count: number) => plural(count, { one: '# SOP', other: '# SOPs' });

type FormState = { open: false } | { open: true; department?: Department; defaultParentId?: number | null };

export function ManageDepartmentsDialog() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<FormState>({ open: false });
  const [toDelete, setToDelete] = useState<Department | null>(null);
  const [routeOf, setRouteOf] = useState<Department | null>(null);
  const query = useQuery({ ...adminQueries.departments(), enabled: open });
  const departments = query.data ?? [];
  const divisions = departments.filter((d) => d.parentId === null);

  const routeLabel = (name: string) => t`Review route of ${name}`;
  const departmentsOf = (name: string) => t`Departments of ${name}`;
  const openCreate = (defaultParentId: number | null = null) => setForm({ open: true, defaultParentId });
  const itemActions = (department: Department) => (
    <EditDeleteButtons name={department.name} onEdit={() => setForm({ open: true, department })} onDelete={() => setToDelete(department)}>
      <Button variant="ghost" size="icon" className="size-8" aria-label={routeLabel(department.name)} onClick={() => setRouteOf(department)}>
        <Route />
      </Button>
    </EditDeleteButtons>
  );

  return (
    <ManageDialog
      title={t`Manage Departments`}
      description={t`Divisions and the departments within them.`}
      icon={FolderTree}
      open={open}
      onOpenChange={setOpen}
      className="sm:max-w-4xl"
      add={divisions.length > 0 ? { label: t`Add Department`, onClick: () => openCreate() } : undefined}
    >
      <QueryState query={query} loading={t`Loading departments`} failed={t`Could not load the departments.`} frame="py-10">
        {divisions.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-10 text-center">
            <Building2 className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="font-semibold text-navy">
              <Trans>No Departments Found</Trans>
            </p>
            <Button onClick={() => openCreate()}>
              <Trans>Create First Department</Trans>
            </Button>
          </div>
        ) : (
          <ul className="space-y-4" aria-label={t`Divisions`}>
            {divisions.map((division) => {
              const children = departments.filter((d) => d.parentId === division.id);
              return (
                <li key={division.id} className="rounded-lg border bg-slate-50/60" aria-label={division.name}>
                  <div className="flex items-start justify-between gap-3 border-b bg-white px-4 py-3 rounded-t-lg">
                    <div className="min-w-0">
                      <h3 className="font-semibold text-navy">{division.name}</h3>
                      {division.description && <p className="text-sm text-muted-foreground">{division.description}</p>}
                      <p className="text-xs text-muted-foreground">
                        <DivisionFacts departments={children.length} sops={division.sopCount} />
                      </p>
                    </div>
                    {itemActions(division)}
                  </div>
                  {children.length === 0 ? (
                    <p className="px-4 py-3 text-sm text-muted-foreground">
                      <Trans>No departments in this division yet.</Trans>
                    </p>
                  ) : (
                    <ul className="grid grid-cols-1 gap-2 p-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={departmentsOf(division.name)}>
                      {children.map((dept) => (
                        <li key={dept.id} className="flex items-start justify-between gap-2 rounded-md border bg-white px-3 py-2" aria-label={dept.name}>
                          <div className="min-w-0">
                            <p className="truncate text-sm font-medium">{dept.name}</p>
                            {dept.description && <p className="line-clamp-2 text-xs text-muted-foreground">{dept.description}</p>}
                            <p className="text-xs text-muted-foreground">{sopCountText(dept.sopCount)}</p>
                          </div>
                          {itemActions(dept)}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>

      <DepartmentFormDialog
        open={form.open}
        onClose={() => setForm({ open: false })}
        department={form.open ? form.department : undefined}
        defaultParentId={form.open ? form.defaultParentId : null}
        departments={departments}
      />
      <DeleteDepartmentDialog department={toDelete} onClose={() => setToDelete(null)} />
      <ApprovalRouteDialog key={routeOf?.id ?? 0} department={routeOf} departments={departments} onClose={() => setRouteOf(null)} />
    </ManageDialog>
  );
}

/** 'N departments · N SOPs filed directly' under a division's name. */
function DivisionFacts({ departments, sops }: { departments: number; sops: number }) {
  const filed = sopCountText(sops);
  return (
    <>
      <Plural value={departments} one="# department" other="# departments" /> · <Trans>{filed} filed directly</Trans>
    </>
  );
}
