import { listUngroupedDevicesCall } from '@fleetport/contract';
import { Flex, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageGate } from '../../app/permissions.tsx';
import { addNamespaces } from '../../i18n/index.ts';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { vpn } from './vpn.i18n.ts';
import { vpnKeys } from './vpn-queries.ts';

addNamespaces({ vpn });

interface Row {
  sn: string;
  name: string;
  model: string;
  online: boolean;
}

/** The company's devices in no VPN group (core §2 vpn/unGroup). */
export function UngroupedPage() {
  return (
    <PageGate funCode="vpnUngrouped.view">
      <UngroupedView />
    </PageGate>
  );
}

function UngroupedView() {
  const { t } = useTranslation('vpn');
  const list = useListQuery(listUngroupedDevicesCall, {
    queryKey: [...vpnKeys.ungrouped],
    defaults: { pageSize: 20 },
  });
  return (
    <Flex vertical gap={16} data-testid="vpn-ungrouped-page">
      <ListPage<Row>
        title={t('ungrouped.title')}
        tableTestId="vpn-ungrouped-table"
        rowKey="sn"
        list={list}
        empty={{ description: t('ungrouped.empty') }}
        filters={
          <Input.Search
            allowClear
            style={{ width: 240 }}
            placeholder={t('ungrouped.search')}
            onSearch={(keyword) => list.setFilters({ keyword: keyword.trim() || undefined })}
          />
        }
        columns={[
          { key: 'sn', dataIndex: 'sn', title: t('group.sn') },
          { key: 'name', dataIndex: 'name', title: t('group.deviceName') },
          { key: 'model', dataIndex: 'model', title: t('ungrouped.model') },
          {
            key: 'online',
            dataIndex: 'online',
            title: t('groups.state'),
            render: (online: boolean) => (
              <Tag color={online ? 'green' : 'default'}>
                {online ? t('ungrouped.online') : t('ungrouped.offline')}
              </Tag>
            ),
          },
        ]}
      />
    </Flex>
  );
}
