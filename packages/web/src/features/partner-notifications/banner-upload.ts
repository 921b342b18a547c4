import { type Envelope, type StoredFile, uploadFilesCall } from '@fleetport/contract';
import { API_PREFIX, ApiError, requestHeaders } from '../../api/client.ts';
import { codeText } from '../../api/reactions.ts';
import { currentLanguage } from '../../i18n/index.ts';

/**
 * Uploads an e-mail banner through the files area (`kind=emailBanner`): the server checks type, size
 * (under 2 MB) and pixels (600x235) as the bytes arrive and answers the rule broken, in the request's
 * language. The message is raised for the form to show under the field.
 */
export async function uploadBanner(file: File): Promise<StoredFile> {
  const form = new FormData();
  // The kind comes before the file: the server streams the file knowing its rule.
  form.append('kind', 'emailBanner');
  form.append('file', file, file.name);
  const response = await fetch(API_PREFIX + uploadFilesCall.path, {
    method: 'POST',
    headers: await requestHeaders(),
    body: form,
  });
  const envelope = (await response.json()) as Envelope<{ files: StoredFile[] }>;
  if (envelope.code !== 0 || !envelope.data?.files[0])
    throw new ApiError(
      envelope.code,
      codeText(envelope.code, envelope.data, currentLanguage(), envelope.msg),
    );
  return envelope.data.files[0];
}
