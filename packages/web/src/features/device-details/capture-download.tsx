import { captureFileCall, type RemoteAction } from '@fleetport/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { saveBase64 } from '../devices/file-transfer.ts';

/** The Download button of a capture that succeeded with a file (the pcap the device sent). */
export function CaptureDownload({ action }: { action: RemoteAction }) {
  const { t } = useTranslation('deviceDetails');
  const [loading, setLoading] = useState(false);
  const result = action.result as { hasFile?: unknown } | null;
  if (action.method !== 'capture' || action.state !== 'success' || result?.hasFile !== true) return null;

  async function download() {
    setLoading(true);
    try {
      const file = await apiCall(captureFileCall, { rpcId: action.rpcId });
      saveBase64(file.content, file.fileName, file.contentType);
    } catch {
      // The client shows the error message.
    } finally {
      setLoading(false);
    }
  }

  return (
    <Button onClick={download} loading={loading} style={{ marginTop: 8 }} data-testid="capture-download">
      {t('actions.download')}
    </Button>
  );
}
