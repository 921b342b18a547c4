import {
  exportVpnTunnelsCall,
  formatBytes,
  formatDateTime,
  listVpnTunnelsCall,
  rotateVpnCertificateCall,
  VPN_DEVICE_STATE_LABELS,
  VPN_DEVICE_STATES,
  VPN_TUNNEL_EXPORT_COLUMNS,
  type VpnTunnelRow,
} from '@fleetport/contract';
import { App, Button, Flex, Popconfirm, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { Can, PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { FilterSearch } from '../../widgets/list/filter-search.tsx';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { ExportButton } from '../exports/export-button.tsx';
import { vpn } from './vpn.i18n.ts';
import { vpnConsole } from './vpn-console.i18n.ts';
import { useAllVpnGroups, vpnKeys } from './vpn-queries.ts';

addNamespaces({ vpn, vpnConsole });

/** A row's key: a router by its SN, a client by its id, in its group. */
type Row = VpnTunnelRow & { key: string };

/**
 * VPN devices (core §2 vpn/devices): every router and service client in the company's VPN groups with
 * its tunnel, searched, filtered, paged and exported as the other lists; a row's certificate can be
 * rotated (docs/decisions.md "VPN console pages").
 */
export function DevicesPage() {
  return (
    <PageGate funCode="vpnDevices.view">
      <DevicesView />
    </PageGate>
  );
}

function DevicesView() {
  const { t } = useTranslation('vpnConsole');
  const lang = useLang();
  const { message } = App.useApp();
  const list = useListQuery(listVpnTunnelsCall, {
    queryKey: [...vpnKeys.all, listVpnTunnelsCall.id],
    defaults: { pageSize: 20 },
  });
  const groups = useAllVpnGroups();
  const rotate = useCallMutation(rotateVpnCertificateCall, {
    invalidates: [vpnKeys.all],
    onSuccess: (r) => void message.success(t('devices.rotated', { serial: r.serial })),
  });
  const f = list.filters;
  const rows: Row[] = list.rows.map((r) => ({ ...r, key: `${r.vpnGroupId}-${r.sn ?? `c${r.clientId}`}` }));
  return (
    <ListPage<Row>
      title={t('devices.title')}
      testId="vpn-devices-page"
      tableTestId="vpn-devices-table"
      rowKey="key"
      list={{ ...list, rows }}
      empty={{ description: t('devices.empty') }}
      exportAction={({ total }) => (
        <ExportButton
          call={exportVpnTunnelsCall}
          filter={f}
          total={total}
          columns={VPN_TUNNEL_EXPORT_COLUMNS}
          fileNamePrefix={t('devices.title')}
          module="vpn/devices"
          funCode="vpnDevices.export"
        />
      )}
      filters={
        <Flex gap={8} wrap>
          <FilterSearch
            value={f.keyword}
            onSearch={(keyword) => list.setFilters({ keyword })}
            placeholder={t('devices.keyword')}
            testId="vpn-devices-search"
          />
          <Select
            allowClear
            style={{ minWidth: 180 }}
            placeholder={t('devices.allGroups')}
            value={f.vpnGroupId}
            onChange={(vpnGroupId) => list.setFilters({ vpnGroupId })}
            options={(groups.data?.list ?? []).map((g) => ({ value: g.vpnGroupId, label: g.name }))}
            data-testid="vpn-devices-group"
          />
          <Select
            allowClear
            style={{ minWidth: 160 }}
            placeholder={t('devices.allKinds')}
            value={f.kind}
            onChange={(kind) => list.setFilters({ kind })}
            options={(['device', 'client'] as const).map((k) => ({ value: k, label: t(`kind.${k}`) }))}
            data-testid="vpn-devices-kind"
          />
          <Select
            allowClear
            style={{ minWidth: 160 }}
            placeholder={t('devices.allStates')}
            value={f.vpnState}
            onChange={(vpnState) => list.setFilters({ vpnState })}
            options={VPN_DEVICE_STATES.map((s) => ({ value: s, label: VPN_DEVICE_STATE_LABELS[s][lang] }))}
            data-testid="vpn-devices-state"
          />
        </Flex>
      }
      columns={[
        {
          key: 'name',
          title: t('devices.name'),
          render: (_v, r) => <span translate="no">{r.name}</span>,
        },
        { key: 'kind', title: t('devices.kind'), render: (_v, r) => t(`kind.${r.kind}`) },
        {
          key: 'sn',
          title: t('devices.sn'),
          render: (_v, r) => (r.sn ? <span translate="no">{r.sn}</span> : '–'),
        },
        {
          key: 'group',
          title: t('devices.group'),
          render: (_v, r) => (
            <Link to={`/vpn/group/${r.vpnGroupId}`} translate="no">
              {r.groupName}
            </Link>
          ),
        },
        { key: 'virtualIp', dataIndex: 'virtualIp', title: t('devices.virtualIp') },
        {
          key: 'vpnState',
          title: t('devices.vpnState'),
          render: (_v, r) => (
            <Tag
              color={r.vpnState === 'connected' ? 'green' : 'default'}
              data-testid={`vpn-devices-state-${r.key}`}
            >
              {VPN_DEVICE_STATE_LABELS[r.vpnState][lang]}
            </Tag>
          ),
        },
        { key: 'realAddress', title: t('devices.realAddress'), render: (_v, r) => r.realAddress ?? '–' },
        {
          key: 'traffic',
          title: t('devices.traffic'),
          render: (_v, r) => `${formatBytes(r.bytesIn)} / ${formatBytes(r.bytesOut)}`,
        },
        { key: 'joinedAt', title: t('devices.joinedAt'), render: (_v, r) => formatDateTime(r.joinedAt) },
      ]}
      trailingColumns={[
        {
          key: 'actions',
          title: t('devices.actions'),
          render: (_v, r) => (
            <Can funCode="vpnGroups.edit">
              <Popconfirm
                title={t('devices.rotateConfirm', { name: r.name, group: r.groupName })}
                description={t(r.kind === 'device' ? 'devices.rotateRouter' : 'devices.rotateClient')}
                onConfirm={() =>
                  rotate
                    .mutateAsync(
                      r.kind === 'device'
                        ? { vpnGroupId: r.vpnGroupId, sn: r.sn as string }
                        : { vpnGroupId: r.vpnGroupId, clientId: r.clientId as number },
                    )
                    .catch(() => {})
                }
              >
                <Button type="link" size="small" data-testid={`vpn-rotate-${r.key}`}>
                  {t('devices.rotate')}
                </Button>
              </Popconfirm>
            </Can>
          ),
        },
      ]}
    />
  );
}
