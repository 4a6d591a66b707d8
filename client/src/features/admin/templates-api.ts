import type { TemplateInput } from '@common/contracts/templates';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useApiMutation } from '@/lib/use-api-mutation';
import { t } from '@lingui/core/macro';

/** A template change refreshes the templates (the create form reads them too) and the trail. */
const TEMPLATE_DATA = [queryKeys.templates(), queryKeys.audit.all()];

export const useCreateTemplate = () =>
  useApiMutation({
    mutationFn: (input: TemplateInput) => apiRequest('POST', '/api/templates', input),
    invalidates: TEMPLATE_DATA,
    success: t`Template created successfully`,
    failure: { fallback: t`Failed to create template` },
  });

export const useUpdateTemplate = () =>
  useApiMutation({
    mutationFn: ({ id, input }: { id: number; input: TemplateInput }) => apiRequest('PUT', `/api/templates/${id}`, input),
    invalidates: TEMPLATE_DATA,
    success: t`Template updated successfully`,
    failure: { fallback: t`Failed to update template` },
  });

export const useDeleteTemplate = () =>
  useApiMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/templates/${id}`),
    invalidates: TEMPLATE_DATA,
    success: t`Template deleted successfully`,
    failure: { fallback: t`Failed to delete template` },
  });
