import {
  connectionTypeOf,
  formatBytes,
  formatDateTime,
  LINK_IDS,
  type LinkId,
  type TelemetrySample,
} from '@fleetport/contract';
import { Card, Descriptions, Progress, Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY_CELL } from '../../widgets/index-table.tsx';
import { type PanelStatus, uptimeText } from './status-values.ts';

const or = (v: ReactNode) => (v === null || v === undefined || v === '' ? EMPTY_CELL : v);
const percent = (v: number | null | undefined, testId: string) =>
  v === null || v === undefined ? (
    EMPTY_CELL
  ) : (
    <Progress
      percent={Math.round(v)}
      size="small"
      data-testid={testId}
      status={v >= 90 ? 'exception' : 'normal'}
    />
  );

/** Links the device reported usage for; which one carries the traffic now; bytes since boot (§9 units). */
export function LinksCard({ status, latest }: { status: PanelStatus; latest: TelemetrySample | undefined }) {
  const { t } = useTranslation('deviceStatus');
  const activeLink = latest?.activeLink ?? status.network?.activeLink ?? null;
  const links = (latest?.usage ?? []).map((u) => u.link);
  if (activeLink && !links.includes(activeLink)) links.push(activeLink);
  const rows = LINK_IDS.filter((l) => links.includes(l)).map((link) => {
    const usage = latest?.usage.find((u) => u.link === link);
    return { link, usage };
  });
  return (
    <Card size="small" title={t('links')} data-testid="status-links">
      <Table
        size="small"
        pagination={false}
        rowKey="link"
        dataSource={rows}
        locale={{ emptyText: t('never') }}
        onRow={(row) => ({ 'data-testid': `status-link-${row.link}` }) as never}
        columns={[
          { key: 'link', title: t('link'), render: (_, r) => t(`words.link.${r.link}`) },
          {
            key: 'type',
            title: t('type'),
            render: (_, r) => t(`words.connectionType.${connectionTypeOf(r.link as LinkId)}`),
          },
          {
            key: 'state',
            title: t('state'),
            render: (_, r) =>
              r.link === activeLink ? <Tag color="green">{t('active')}</Tag> : <Tag>{t('standby')}</Tag>,
          },
          {
            key: 'rx',
            title: t('received'),
            render: (_, r) => (r.usage ? formatBytes(r.usage.rxBytes) : EMPTY_CELL),
          },
          {
            key: 'tx',
            title: t('sent'),
            render: (_, r) => (r.usage ? formatBytes(r.usage.txBytes) : EMPTY_CELL),
          },
        ]}
      />
    </Card>
  );
}

/** The WAN side the device reported (status `network`) and its LAN from the running configuration. */
export function InterfacesCard({ status }: { status: PanelStatus }) {
  const { t } = useTranslation('deviceStatus');
  const n = status.network;
  const uci = status.uci ?? {};
  return (
    <Card size="small" title={t('interfaces')} data-testid="status-interfaces">
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          { key: 'wanIp', label: t('wanIp'), children: or(n?.ip) },
          {
            key: 'environment',
            label: t('environment'),
            children: n ? t(`words.networkEnv.${n.networkEnvironment}`) : EMPTY_CELL,
          },
          {
            key: 'type',
            label: t('type'),
            children: n ? t(`words.connectionType.${n.connectionType}`) : EMPTY_CELL,
          },
          { key: 'ssid', label: t('ssid'), children: or(n?.ssid) },
          { key: 'lanIp', label: t('lanIp'), children: or(uci.network?.['lan.ipaddr']) },
          { key: 'lanNetmask', label: t('lanNetmask'), children: or(uci.network?.['lan.netmask']) },
          { key: 'hostname', label: t('hostname'), children: or(uci.system?.['system.hostname']) },
        ]}
      />
    </Card>
  );
}

/** Uptime, CPU, memory and temperature from the latest telemetry; "- -" for what the device does not report. */
export function SystemCard({ status, latest }: { status: PanelStatus; latest: TelemetrySample | undefined }) {
  const { t } = useTranslation('deviceStatus');
  return (
    <Card
      size="small"
      title={t('system')}
      data-testid="status-system"
      extra={latest ? t('updated', { at: formatDateTime(latest.at) }) : t('never')}
    >
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          { key: 'uptime', label: t('uptime'), children: or(uptimeText(latest?.uptimeSeconds, t)) },
          { key: 'cpu', label: t('cpu'), children: percent(latest?.cpuPercent, 'status-cpu') },
          { key: 'memory', label: t('memory'), children: percent(latest?.memoryPercent, 'status-memory') },
          {
            key: 'temperature',
            label: t('temperature'),
            children:
              latest?.temperatureC === null || latest?.temperatureC === undefined
                ? EMPTY_CELL
                : `${latest.temperatureC} °C`,
          },
          { key: 'modem', label: t('modem'), children: or(status.modem?.model) },
          { key: 'imei', label: t('imei'), children: or(status.modem?.imei) },
        ]}
      />
    </Card>
  );
}

/** The GPS fix, or the base station's estimate for a router without a receiver. */
export function LocationCard({ status }: { status: PanelStatus }) {
  const { t } = useTranslation('deviceStatus');
  const gps = status.gps;
  const cell = status.cellLocation;
  const at = status.updatedAt[gps ? 'gps' : 'cellLocation'];
  const where = gps ?? cell;
  const metres = (v: number | undefined) => (v === undefined ? EMPTY_CELL : `${v} m`);
  return (
    <Card
      size="small"
      title={t('location')}
      data-testid="status-location"
      extra={at ? t('updated', { at: formatDateTime(at) }) : null}
    >
      {where ? (
        <Descriptions
          size="small"
          bordered
          column={1}
          items={[
            { key: 'source', label: t('source'), children: gps ? t('gps') : t('baseStation') },
            { key: 'latitude', label: t('latitude'), children: where.latitude.toFixed(5) },
            { key: 'longitude', label: t('longitude'), children: where.longitude.toFixed(5) },
            { key: 'satellites', label: t('satellites'), children: or(gps?.satellites) },
            { key: 'accuracy', label: t('accuracy'), children: metres(where.accuracyM) },
            { key: 'altitude', label: t('altitude'), children: metres(gps?.altitudeM) },
          ]}
        />
      ) : (
        t('noLocation')
      )}
    </Card>
  );
}
