import type { FastifyRequest } from 'fastify';
import { readUploadStream } from '../../files/read-upload';
import { badRequest } from '../../http/errors';

export interface UploadedFile {
  fieldname: string;
  originalName: string;
  data: Buffer;
}

export interface UploadParts {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/**
 * Reads every part of a multipart request before anything is decided: text fields as
 * strings, files into memory (each refused with 413 the moment it passes 10 MB). Callers
 * validate the whole upload afterwards and write it in one transaction, so a refused
 * upload stores nothing.
 */
export async function collectUploadParts(request: FastifyRequest): Promise<UploadParts> {
  if (!request.isMultipart()) throw badRequest('Send the upload as multipart/form-data');
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await readUploadStream(part.file);
      // A file input left empty still sends a part with no name and no bytes.
      if (!part.filename && data.length === 0) continue;
      files.push({ fieldname: part.fieldname, originalName: cleanName(part.filename), data });
    } else {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
    }
  }
  return { fields, files };
}

/** Browsers send a bare name; some tools send a path. Keep the last segment, within 255 chars. */
function cleanName(filename: string): string {
  const base = filename.split(/[\\/]/).pop()?.trim() || 'upload';
  return base.slice(-255);
}
