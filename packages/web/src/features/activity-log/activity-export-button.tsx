import { DownloadOutlined } from '@ant-design/icons';
import {
  type ActivityExportFilter,
  activityLogExportCall,
  EXPORT_MAX_RECORDS,
  EXPORT_WARN_RECORDS,
} from '@fleetport/contract';
import { App, Button } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { Can } from '../../app/permissions.tsx';
import { saveBase64 } from '../devices/file-transfer.ts';

/**
 * Downloads the filtered log as .xlsx (core §9: more than 1000 entries asks first; a file holds at
 * most 10000, the newest). `total` is what the list shows for the same filter.
 */
export function ActivityExportButton({
  filter,
  total,
}: {
  filter: Partial<ActivityExportFilter>;
  total: number;
}) {
  const { t } = useTranslation('operation');
  const { modal } = App.useApp();
  // A refused export: the client has shown the catalogue's message for the code.
  const exporting = useCallMutation(activityLogExportCall, {
    onSuccess: (file) => saveBase64(file.content, file.fileName, file.mimeType),
  });
  // The confirmation may be answered after the filters moved on: it exports what the list shows then.
  const shown = useRef(filter);
  shown.current = filter;
  const download = () => exporting.mutate(shown.current);

  function start() {
    if (total <= EXPORT_WARN_RECORDS) {
      download();
      return;
    }
    modal.confirm({
      title: t('activity.exportManyTitle', { total }),
      content: t('activity.exportMany', { total, max: EXPORT_MAX_RECORDS }),
      okText: t('activity.export'),
      okButtonProps: { 'data-testid': 'activity-export-ok' } as never,
      onOk: download,
    });
  }

  return (
    <Can funCode="activity.export">
      <Button
        icon={<DownloadOutlined />}
        loading={exporting.isPending}
        disabled={total === 0}
        onClick={start}
        data-testid="activity-export"
      >
        {t('activity.export')}
      </Button>
    </Can>
  );
}
