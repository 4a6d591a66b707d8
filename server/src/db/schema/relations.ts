import { relations } from 'drizzle-orm';
import { auditEvents } from './audit';
import { departments } from './departments';
import { attachmentPreviews, attachments, dailyPrograms, fileTexts, itineraries } from './files';
import { approvalTasks, attestations, sopVersions, sops } from './sops';
import { users } from './users';

export const departmentRelations = relations(departments, ({ one, many }) => ({
  parent: one(departments, { fields: [departments.parentId], references: [departments.id], relationName: 'parent' }),
  children: many(departments, { relationName: 'parent' }),
  sops: many(sops),
}));

export const sopRelations = relations(sops, ({ one, many }) => ({
  department: one(departments, { fields: [sops.departmentId], references: [departments.id] }),
  owner: one(users, { fields: [sops.ownerId], references: [users.id] }),
  latestVersion: one(sopVersions, { fields: [sops.latestVersionId], references: [sopVersions.id], relationName: 'latest' }),
  versions: many(sopVersions, { relationName: 'versions' }),
}));

export const sopVersionRelations = relations(sopVersions, ({ one, many }) => ({
  sop: one(sops, { fields: [sopVersions.sopId], references: [sops.id], relationName: 'versions' }),
  attachments: many(attachments),
  submittedByUser: one(users, { fields: [sopVersions.submittedBy], references: [users.id], relationName: 'submitter' }),
  approvedByUser: one(users, { fields: [sopVersions.approvedBy], references: [users.id], relationName: 'approver' }),
  createdByUser: one(users, { fields: [sopVersions.createdBy], references: [users.id], relationName: 'author' }),
  approvalTasks: many(approvalTasks),
  attestations: many(attestations),
}));

export const attachmentRelations = relations(attachments, ({ one }) => ({
  version: one(sopVersions, { fields: [attachments.versionId], references: [sopVersions.id] }),
  preview: one(attachmentPreviews, { fields: [attachments.id], references: [attachmentPreviews.attachmentId] }),
  text: one(fileTexts, { fields: [attachments.sha256], references: [fileTexts.sha256] }),
}));

export const approvalTaskRelations = relations(approvalTasks, ({ one }) => ({
  version: one(sopVersions, { fields: [approvalTasks.versionId], references: [sopVersions.id] }),
  approver: one(users, { fields: [approvalTasks.approverId], references: [users.id] }),
}));

export const attestationRelations = relations(attestations, ({ one }) => ({
  user: one(users, { fields: [attestations.userId], references: [users.id] }),
  version: one(sopVersions, { fields: [attestations.versionId], references: [sopVersions.id] }),
}));

export const auditEventRelations = relations(auditEvents, ({ one }) => ({
  actor: one(users, { fields: [auditEvents.actorId], references: [users.id] }),
}));

export const dailyProgramRelations = relations(dailyPrograms, ({ one }) => ({
  uploader: one(users, { fields: [dailyPrograms.uploadedBy], references: [users.id] }),
}));

export const itineraryRelations = relations(itineraries, ({ one }) => ({
  uploader: one(users, { fields: [itineraries.uploadedBy], references: [users.id] }),
}));
