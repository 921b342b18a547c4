import { UNGROUPED } from '@fleetport/contract';
import { Button, Drawer, Flex, Spin, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageGate, usePermission } from '../../app/permissions.tsx';
import { useTabTitle } from '../shell/tab-title.ts';
import { DeviceList } from './all-devices-page.tsx';
import { useDeviceGroups } from './device-queries.ts';
import { GroupAdminsControl } from './group-admins-control.tsx';

// The profile editor (every section's form) loads when it is opened, not with the group's page.
const GroupProfileEditor = lazy(() =>
  import('../device-config/group-profile-editor.tsx').then((m) => ({ default: m.GroupProfileEditor })),
);

/** One group's devices (core §2 devices/deviceGroup/{id}); id 0 is Ungrouped. */
export function DeviceGroupDetailPage() {
  const { t } = useTranslation('devices');
  const groupId = Number(useParams().id ?? UNGROUPED);
  const group = useDeviceGroups().data?.deviceOtherGroup.find((g) => g.groupId === groupId);
  const name = groupId === UNGROUPED ? t('groups.ungrouped') : group?.groupName;
  useTabTitle(name);
  const canView = usePermission('devices.view');
  const [profileOpen, setProfileOpen] = useState(false);
  const isGroup = groupId !== UNGROUPED && Number.isFinite(groupId);
  return (
    <PageGate funCode="devices.view">
      <Flex vertical gap={12} data-testid="device-group-detail">
        <Flex justify="space-between" align="center">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {name ?? ''}
          </Typography.Title>
          {isGroup && canView ? (
            <Button onClick={() => setProfileOpen(true)} data-testid="group-profile-open">
              {t('groups.profile')}
            </Button>
          ) : null}
        </Flex>
        {profileOpen && isGroup ? (
          <Drawer
            open
            width={880}
            title={t('groups.profileTitle', { name: name ?? '' })}
            onClose={() => setProfileOpen(false)}
          >
            <Suspense fallback={<Spin />}>
              <GroupProfileEditor groupId={groupId} />
            </Suspense>
          </Drawer>
        ) : null}
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
