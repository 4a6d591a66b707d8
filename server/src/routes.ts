import type { FastifyPluginAsync } from 'fastify';
import { adminRoutes } from './features/admin/admin.routes';
import { auditRoutes } from './features/audit/audit.routes';
import { backupRoutes } from './features/backups/backups.routes';
import { mailRoutes } from './features/mail/mail.routes';
import { authRoutes } from './features/auth/auth.routes';
import { approvalRoutes } from './features/approvals/approvals.routes';
import { attestationRoutes } from './features/attestations/attestations.routes';
import { dashboardRoutes } from './features/dashboard/dashboard.routes';
import { departmentRoutes } from './features/departments/departments.routes';
import { publishedFileRoutes } from './features/published-files/published-files.routes';
import { readingRoutes } from './features/reading/reading.routes';
import { settingsRoutes } from './features/settings/settings.routes';
import { sopRoutes } from './features/sops/sops.routes';
import { sopReviewLoopRoutes } from './features/sops/sop-review-loop.routes';
import { attachmentRoutes } from './features/attachments/attachments.routes';
import { objectUploadRoutes } from './features/attachments/object-uploads.routes';
import { fleetRoutes } from './fleet/fleet.routes';

/** Every feature's routes, registered once. Each feature owns its own plugin file. */
export const featureRoutes: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(departmentRoutes);
  await app.register(sopRoutes);
  await app.register(sopReviewLoopRoutes);
  await app.register(attachmentRoutes);
  await app.register(objectUploadRoutes);
  await app.register(approvalRoutes);
  await app.register(dashboardRoutes);
  await app.register(attestationRoutes);
  await app.register(readingRoutes);
  await app.register(adminRoutes);
  await app.register(auditRoutes);
  await app.register(backupRoutes);
  await app.register(mailRoutes);
  await app.register(settingsRoutes);
  await app.register(publishedFileRoutes);
  await app.register(fleetRoutes);
};
