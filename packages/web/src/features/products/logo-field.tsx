import { getFileLinkCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { uploadFile } from '../../api/upload-file.ts';

/** The product's logo (320x150, checked by the files area): shown from a fresh link, replaced by an upload. */
export function LogoField({
  fileId,
  onChange,
  disabled,
}: {
  fileId: number | null;
  onChange: (fileId: number | null) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('products');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const link = useQuery({
    queryKey: ['files', 'link', fileId ?? 0],
    queryFn: () => apiCall(getFileLinkCall, { fileId: fileId! }),
    enabled: fileId !== null,
  });
  async function pick(file: File) {
    setBusy(true);
    try {
      onChange((await uploadFile('productLogo', file)).fileId);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setBusy(false);
    }
    return false;
  }
  return (
    <Space>
      {fileId !== null && link.data && (
        <img
          src={link.data.url}
          alt={t('basic.logo')}
          style={{ height: 40, maxWidth: 86 }}
          data-testid="product-logo"
        />
      )}
      {!disabled && (
        <Upload accept=".png,.jpg,.jpeg" showUploadList={false} beforeUpload={(file) => pick(file)}>
          <Button loading={busy} data-testid="product-logo-pick">
            {t('basic.logoUpload')}
          </Button>
        </Upload>
      )}
      {!disabled && fileId !== null && (
        <Button type="link" danger onClick={() => onChange(null)}>
          {t('basic.logoRemove')}
        </Button>
      )}
    </Space>
  );
}
