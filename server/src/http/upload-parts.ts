import type { FastifyRequest } from 'fastify';
import { uploadedFileName } from '../files/file-name';
import { discardTempFiles, type ReceivedFile, receiveUpload } from '../files/temp-files';
import { badRequest } from './errors';

export interface UploadedFile {
  fieldname: string;
  originalName: string;
  file: ReceivedFile;
}

export interface UploadParts {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/**
 * Reads every part of a multipart request before anything is decided: text fields as
 * strings, files streamed to temp files (each refused with 413 the moment it passes 10 MB).
 * `use` validates the whole upload and stores it in one transaction, so a refused upload
 * stores nothing; whatever temp files it did not store are removed afterwards.
 */
export async function withUploadParts<T>(request: FastifyRequest, use: (parts: UploadParts) => Promise<T>): Promise<T> {
  if (!request.isMultipart()) throw badRequest('Send the upload as multipart/form-data');
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const file = await receiveUpload(part.file);
        // A file input left empty still sends a part with no name and no bytes.
        if (!part.filename && file.size === 0) {
          await discardTempFiles([file]);
          continue;
        }
        files.push({ fieldname: part.fieldname, originalName: uploadedFileName(part.fieldname, part.filename), file });
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      }
    }
    return await use({ fields, files });
  } finally {
    await discardTempFiles(files.map((f) => f.file));
  }
}
