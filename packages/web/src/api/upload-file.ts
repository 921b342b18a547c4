import { type Envelope, type StoredFile, type UploadKindName, uploadFilesCall } from '@fleetport/contract';
import { currentLanguage } from '../i18n/index.ts';
import { API_PREFIX, ApiError, requestHeaders } from './client.ts';
import { codeText } from './reactions.ts';

/**
 * Uploads one file through the files area as `kind`: the server checks type, size and pixels as the
 * bytes arrive and answers the rule broken, in the request's language. The message is raised for the
 * form to show under its field.
 */
export async function uploadFile(kind: UploadKindName, file: File): Promise<StoredFile> {
  const form = new FormData();
  // The kind comes before the file: the server streams the file knowing its rule.
  form.append('kind', kind);
  form.append('file', file, file.name);
  const response = await fetch(API_PREFIX + uploadFilesCall.path, {
    method: 'POST',
    headers: await requestHeaders(),
    body: form,
  });
  const envelope = (await response.json()) as Envelope<{ files: StoredFile[] }>;
  if (envelope.code !== 0 || !envelope.data?.files[0]) {
    // A broken file rule (code 1) names the rule in its field: say that, not "parameter error".
    const rule = (envelope.data as { fields?: { message?: string }[] } | null)?.fields?.[0]?.message;
    throw new ApiError(
      envelope.code,
      rule ?? codeText(envelope.code, envelope.data, currentLanguage(), envelope.msg),
    );
  }
  return envelope.data.files[0];
}
