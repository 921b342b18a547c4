import { type DeviceRow, formatDateTime, LICENCE_LEVEL_LABELS } from '@fleetport/contract';
import { Descriptions, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/use-lang.ts';
import { EMPTY_CELL } from '../../widgets/index-table.tsx';
import { OnlineBadge } from '../devices/device-columns.tsx';

/** Every field of core §3 device, in the order the spec lists them. */
export function InformationTab({ device }: { device: DeviceRow }) {
  const { t } = useTranslation('devices');
  // Raw device values (DIRECT, private, cellular1 ...) read as words in the reader's language; one
  // the console has no word for (a newer firmware's) is shown as the device sent it.
  const { t: w } = useTranslation('deviceStatus');
  const word = (kind: string, value: string | null) => (value ? w(`words.${kind}.${value}`, value) : null);
  const lang = useLang();
  const time = (at: number | null) => (at ? formatDateTime(at) : null);
  const fields: [string, ReactNode][] = [
    ['sn', device.sn],
    ['name', device.name],
    ['description', device.description],
    ['online', <OnlineBadge key="o" online={device.online} t={t} />],
    ['registered', device.registered ? t('state.registered') : t('state.unregistered')],
    ['model', device.model],
    ['series', device.series],
    ['modelType', word('modelType', device.modelType)],
    ['firmwareVersion', device.firmwareVersion],
    ['appVersion', device.appVersion],
    ['licenceLevel', LICENCE_LEVEL_LABELS[device.licenceLevel]?.[lang] ?? device.licenceLevel],
    ['group', device.groupName ?? t('groups.ungrouped')],
    ['tags', device.tags.map((tag) => <Tag key={tag}>{tag}</Tag>)],
    ['mac', device.mac],
    ['imei', device.imei],
    ['iccid', device.iccid],
    ['imsi', device.imsi],
    ['ssid', device.ssid],
    ['ip', device.ip],
    ['routerId', device.routerId],
    ['networkEnv', word('networkEnv', device.networkEnv)],
    ['connectionType', word('connectionType', device.connectionType)],
    ['activeLink', word('link', device.activeLink)],
    ['simCount', device.simCount],
    ['lastSeenAt', time(device.lastSeenAt)],
    ['createdAt', time(device.createdAt)],
  ];
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2, xl: 3 }}
      data-testid="device-information"
      items={fields.map(([key, value]) => ({
        key,
        label: t(`field.${key}`),
        children:
          value === null || value === '' || (Array.isArray(value) && value.length === 0) ? EMPTY_CELL : value,
      }))}
    />
  );
}
