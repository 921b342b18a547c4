import {
  type DeviceRow,
  findSeries,
  formatDateTime,
  type Lang,
  LICENCE_LEVEL_LABELS,
} from '@fleetport/contract';
import { Badge, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { addNamespaces } from '../../i18n/index.ts';
import { deviceStatus } from '../device-details/status-panel.i18n.ts';
import { deviceDetailsPath } from './device-paths.ts';

// The status words the device details also show (i18n/resources.ts PAGE_TEXT), for the device lists.
addNamespaces({ deviceStatus });

/** Where a device's details open (core §2 device/deviceDetails/{sn}). */
export { deviceDetailsPath };

/** Online or offline as a coloured dot; the value changes live through the WebSocket. */
export function OnlineBadge({ online, t }: { online: boolean; t: TFunction }) {
  return online ? (
    <Badge status="success" text={t('devices:state.online')} data-testid="online-badge" />
  ) : (
    <Badge status="default" text={t('devices:state.offline')} data-testid="offline-badge" />
  );
}

/** Every column of the all-devices table; the user chooses which ones show (page column preference). */
export function deviceColumns(t: TFunction, lang: Lang): ColumnsType<DeviceRow> {
  return [
    {
      key: 'sn',
      dataIndex: 'sn',
      title: t('devices:field.sn'),
      sorter: true,
      render: (sn: string) => (
        <Link to={deviceDetailsPath(sn)} data-testid={`device-link-${sn}`}>
          {sn}
        </Link>
      ),
    },
    {
      key: 'name',
      dataIndex: 'name',
      title: t('devices:field.name'),
      sorter: true,
      render: (name: string, row) => (
        <Space size={4} wrap>
          {name}
          {row.configDrifted ? (
            <Tooltip title={t('devices:state.driftedHint')}>
              <Link to={`${deviceDetailsPath(row.sn)}?tab=configuration`} data-testid={`drifted-${row.sn}`}>
                <Tag color="warning">{t('devices:state.drifted')}</Tag>
              </Link>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'online',
      dataIndex: 'online',
      title: t('devices:field.online'),
      sorter: true,
      render: (online: boolean, row) => (
        <span data-testid={`online-${row.sn}`} data-online={online}>
          <OnlineBadge online={online} t={t} />
        </span>
      ),
    },
    { key: 'model', dataIndex: 'model', title: t('devices:field.model'), sorter: true },
    {
      key: 'series',
      dataIndex: 'series',
      title: t('devices:field.series'),
      sorter: true,
      // Series ids are lower-case keys (r3000lg); people know the product name (R3000 LG).
      render: (series: string) => (series ? (findSeries(series.toLowerCase())?.name ?? series) : null),
    },
    {
      key: 'groupName',
      dataIndex: 'groupName',
      title: t('devices:field.group'),
      render: (g: string | null) => g ?? t('devices:groups.ungrouped'),
    },
    {
      key: 'tags',
      dataIndex: 'tags',
      title: t('devices:field.tags'),
      render: (tags: string[]) =>
        tags.length ? (
          <Space size={[0, 4]} wrap>
            {tags.map((tag) => (
              <Tag key={tag}>{tag}</Tag>
            ))}
          </Space>
        ) : null,
    },
    {
      key: 'firmwareVersion',
      dataIndex: 'firmwareVersion',
      title: t('devices:field.firmwareVersion'),
      sorter: true,
    },
    { key: 'appVersion', dataIndex: 'appVersion', title: t('devices:field.appVersion') },
    {
      key: 'licenceLevel',
      dataIndex: 'licenceLevel',
      title: t('devices:field.licenceLevel'),
      render: (level: DeviceRow['licenceLevel']) => LICENCE_LEVEL_LABELS[level]?.[lang] ?? level,
    },
    { key: 'ip', dataIndex: 'ip', title: t('devices:field.ip') },
    {
      key: 'activeLink',
      dataIndex: 'activeLink',
      title: t('devices:field.activeLink'),
      render: (link: string | null) =>
        link ? t(`deviceStatus:words.link.${link}`, { defaultValue: link }) : null,
    },
    { key: 'mac', dataIndex: 'mac', title: t('devices:field.mac') },
    { key: 'imei', dataIndex: 'imei', title: t('devices:field.imei') },
    {
      key: 'lastSeenAt',
      dataIndex: 'lastSeenAt',
      title: t('devices:field.lastSeenAt'),
      sorter: true,
      render: (at: number | null) => (at ? formatDateTime(at) : null),
    },
  ];
}
