import { createHash } from 'node:crypto';

export const sha256 = (data: Buffer | Uint8Array) => createHash('sha256').update(data).digest('hex');
