/**
 * An attachment's preview: `pending` while a job is queued or running, `ready` once the
 * image is stored, `failed` when the file was refused, crashed or ran out of time (kept, so
 * it is not tried again), `none` for a type that has no preview.
 */
export const PREVIEW_STATUSES = ['pending', 'ready', 'failed', 'none'] as const;
export type PreviewStatus = (typeof PREVIEW_STATUSES)[number];
