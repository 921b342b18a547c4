import { UNGROUPED } from '@fleetport/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageGate } from '../../app/permissions.tsx';
import { useTabTitle } from '../shell/tab-title.ts';
import { DeviceList } from './all-devices-page.tsx';
import { useDeviceGroups } from './device-queries.ts';
import { GroupAdminsControl } from './group-admins-control.tsx';

/** One group's devices (core §2 devices/deviceGroup/{id}); id 0 is Ungrouped. */
export function DeviceGroupDetailPage() {
  const { t } = useTranslation('devices');
  const groupId = Number(useParams().id ?? UNGROUPED);
  const group = useDeviceGroups().data?.deviceOtherGroup.find((g) => g.groupId === groupId);
  const name = groupId === UNGROUPED ? t('groups.ungrouped') : group?.groupName;
  useTabTitle(name);
  return (
    <PageGate funCode="devices.view">
      <Flex vertical gap={12} data-testid="device-group-detail">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {name ?? ''}
        </Typography.Title>
        {groupId !== UNGROUPED && Number.isFinite(groupId) && <GroupAdminsControl groupId={groupId} />}
        <DeviceList
          key={groupId}
          groupId={Number.isFinite(groupId) ? groupId : UNGROUPED}
          title={
            groupId === UNGROUPED
              ? t('list.ungroupedTitle')
              : name === undefined
                ? ''
                : t('list.groupTitle', { name })
          }
        />
      </Flex>
    </PageGate>
  );
}
