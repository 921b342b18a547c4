import { UNGROUPED } from '@fleetport/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageGate } from '../../app/permissions.tsx';
import { DeviceList } from './all-devices-page.tsx';
import { useDeviceGroups } from './device-queries.ts';

/** One group's devices (core §2 devices/deviceGroup/{id}); id 0 is Ungrouped. */
export function DeviceGroupDetailPage() {
  const { t } = useTranslation('devices');
  const groupId = Number(useParams().id ?? UNGROUPED);
  const group = useDeviceGroups().data?.deviceOtherGroup.find((g) => g.groupId === groupId);
  return (
    <PageGate funCode="devices.view">
      <Flex vertical gap={12} data-testid="device-group-detail">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {groupId === UNGROUPED ? t('groups.ungrouped') : (group?.groupName ?? '')}
        </Typography.Title>
        <DeviceList key={groupId} groupId={Number.isFinite(groupId) ? groupId : UNGROUPED} />
      </Flex>
    </PageGate>
  );
}
