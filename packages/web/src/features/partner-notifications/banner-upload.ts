import type { StoredFile } from '@fleetport/contract';
import { uploadFile } from '../../api/upload-file.ts';

/** Uploads an e-mail banner (`kind=emailBanner`: under 2 MB, 600x235, checked by the server). */
export function uploadBanner(file: File): Promise<StoredFile> {
  return uploadFile('emailBanner', file);
}
