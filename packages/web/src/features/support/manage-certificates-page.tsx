import {
  addCertificateCall,
  type Certificate,
  listCertificatesCall,
  removeCertificateCall,
} from '@fleetport/contract';
import { App, Button, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../api/client.ts';
import { uploadFile } from '../../api/upload-file.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { AdminList, adminListKey } from '../../widgets/admin-list.tsx';
import { useCertificateColumns } from './certificates-page.tsx';
import { support } from './support.i18n.ts';

addNamespaces({ support });

/** A refused call's own sentence: the field's message of code 1 (not a CRT), else the catalogue's. */
function fieldMessage(failure: ApiError): string {
  const fields = (failure.data as { fields?: { message?: string }[] } | null)?.fields;
  return fields?.[0]?.message ?? failure.message;
}

/**
 * The Super Admin's certificates (superAdmin/certificates): a .crt is uploaded (any other name is
 * refused by the upload), then published; the server reads it with X509Certificate and refuses bytes
 * that are not a certificate, naming the field.
 */
export function ManageCertificatesPage() {
  const { t } = useTranslation('support');
  const { message } = App.useApp();
  const columns = useCertificateColumns();
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const publish = useCallMutation(addCertificateCall, {
    invalidates: [adminListKey(listCertificatesCall)],
    silent: true,
    onSuccess: () => message.success(t('manage.published')),
    onError: (failure) => setError(fieldMessage(failure)),
  });

  async function pick(file: File) {
    setError(null);
    setUploading(true);
    try {
      const stored = await uploadFile('certificate', file);
      publish.mutate({ fileId: stored.fileId });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setUploading(false);
    }
  }

  return (
    <AdminList<typeof listCertificatesCall, typeof removeCertificateCall, Certificate>
      call={listCertificatesCall}
      title={t('manage.certificates')}
      testId="manage-certificates"
      extra={
        <>
          {error ? (
            <Typography.Text type="danger" data-testid="certificate-error">
              {error}
            </Typography.Text>
          ) : null}
          <Upload
            accept=".crt"
            showUploadList={false}
            beforeUpload={(chosen) => {
              void pick(chosen);
              return false;
            }}
          >
            <Button type="primary" loading={uploading || publish.isPending} data-testid="certificate-upload">
              {t('manage.uploadCrt')}
            </Button>
          </Upload>
        </>
      }
      columns={columns}
      remove={{
        call: removeCertificateCall,
        question: (c) => t('manage.removeCertificate', { name: c.name }),
      }}
    />
  );
}
