import { DownloadOutlined } from '@ant-design/icons';
import { formatBytes, formatDateTime, seeShareFileCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError, apiCall } from '../../api/client.ts';
import { PublicLayout } from '../auth/public-layout.tsx';

/**
 * The public seeShareFile/{id} page (core §2): a shared export, report run, resource or FAQ entry
 * opens without signing in, until its link expires or is removed (then the server's 14065 message shows).
 */
export function ShareFilePage() {
  const { t } = useTranslation('exports');
  const { id = '' } = useParams();
  const file = useQuery({
    queryKey: ['sharedFile', id],
    queryFn: () => apiCall(seeShareFileCall, { shareId: id }, { silent: true }),
    retry: false,
  });
  return (
    <PublicLayout>
      <Flex justify="center" style={{ padding: 48 }}>
        <Card title={t('shared.title')} style={{ width: 520 }} data-testid="shared-file">
          {file.isLoading && <Spin />}
          {file.error && (
            <Result
              status="warning"
              title={file.error instanceof ApiError ? file.error.message : String(file.error)}
              data-testid="shared-file-error"
            />
          )}
          {file.data && (
            <Flex vertical gap={12}>
              {file.data.title !== null && (
                <Typography.Title level={5} style={{ margin: 0 }} data-testid="shared-title">
                  {file.data.title}
                </Typography.Title>
              )}
              {file.data.text ? (
                <Typography.Paragraph style={{ whiteSpace: 'pre-line', margin: 0 }} data-testid="shared-text">
                  {file.data.text}
                </Typography.Paragraph>
              ) : null}
              {file.data.fileName !== null && (
                <Typography.Text strong data-testid="shared-file-name" translate="no">
                  {file.data.fileName}
                </Typography.Text>
              )}
              <Typography.Text type="secondary">
                {file.data.size !== null && <>{formatBytes(file.data.size)} · </>}
                {t('shared.validUntil', { until: formatDateTime(file.data.expiresAt) })}
              </Typography.Text>
              {file.data.url !== null && (
                <Button
                  type="primary"
                  icon={<DownloadOutlined />}
                  href={file.data.url}
                  data-testid="shared-file-download"
                >
                  {t('shared.download')}
                </Button>
              )}
            </Flex>
          )}
        </Card>
      </Flex>
    </PublicLayout>
  );
}
