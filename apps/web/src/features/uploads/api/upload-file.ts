import type { UploadTicket } from '@tmc/shared';
import { api, uploadWithProgress } from '../../../lib/api-client';

export interface UploadRequest {
  fileName: string;
  contentType: string;
  size: number;
}

const PDF_TYPE = 'application/pdf';

/** POST /v1/upload-file, without the auth header: guests upload before they have an account. */
export async function createUpload(body: UploadRequest): Promise<UploadTicket> {
  const { data } = await api.post<UploadTicket>('/v1/upload-file', body, { auth: false });
  return data;
}

/**
 * Asks for a signed URL, PUTs the file there with progress in whole percents, and resolves
 * with the link to store (the URL without its query string).
 */
export async function uploadFile(
  file: File,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  // Some systems give .pdf files no MIME type; the signed URL is made for the type we declare.
  const contentType = file.type || PDF_TYPE;
  const typed = file.type ? file : new File([file], file.name, { type: contentType });
  const ticket = await createUpload({ fileName: file.name, contentType, size: file.size });
  return uploadWithProgress(ticket.url, typed, onProgress, signal);
}
