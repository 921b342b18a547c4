import {
  addVpnEndDeviceCall,
  errorMessage,
  formatBytes,
  getVpnGroupUsageCall,
  IPv4Schema,
  LanSubnetSchema,
  listVpnEndDevicesCall,
  removeVpnEndDeviceCall,
  setVpnDeviceLanCall,
  setVpnDeviceLimitCall,
  updateVpnGroupCall,
  VpnDataLimitSchema,
  type VpnEndDevice,
  type VpnGroupUsage,
  type VpnMemberDevice,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Progress,
  Select,
  Table,
  Tag,
  theme,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { schemaMessage, schemaRule } from '../../app/form-rules.ts';
import { Can } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { usageProgress } from './usage-progress.ts';
import { useVpnGroup, vpnKeys } from './vpn-queries.ts';

type UsageState = VpnGroupUsage['state'];

/** The state of a traffic count against its limit, with the code a refused tunnel gets. */
function UsageTag({ state, code }: { state: UsageState; code: number | null }) {
  const { t } = useTranslation('vpn');
  if (state === 'normal') return <Tag color="green">{t('usage.normal')}</Tag>;
  return (
    <Tag color={state === 'exhausted' ? 'red' : 'orange'} data-testid={`vpn-usage-${state}`}>
      {t(`usage.${state}`)}
      {code !== null ? ` (${code})` : ''}
    </Tag>
  );
}

/** Changes the group's data limit per cycle (its other settings as they are). */
function GroupLimitButton({ groupId }: { groupId: number }) {
  const { t } = useTranslation('vpn');
  const lang = useLang();
  const group = useVpnGroup(groupId).data;
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ dataLimitMb: number }>();
  const save = useCallMutation(updateVpnGroupCall, {
    invalidates: [vpnKeys.all],
    onSuccess: () => setOpen(false),
  });
  if (!group) return null;
  return (
    <>
      <Button
        size="small"
        onClick={() => {
          form.setFieldsValue({ dataLimitMb: group.dataLimitMb });
          setOpen(true);
        }}
        data-testid="vpn-group-limit-edit"
      >
        {t('usage.editGroupLimit')}
      </Button>
      <Modal
        open={open}
        title={t('usage.editGroupLimitTitle', { name: group.name })}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) =>
            save.mutate({
              vpnGroupId: group.vpnGroupId,
              name: group.name,
              region: group.region,
              protocol: group.protocol,
              pingInterval: group.pingInterval,
              pingRetry: group.pingRetry,
              mtu: group.mtu,
              fragment: group.fragment,
              cipher: group.cipher,
              dataLimitMb: v.dataLimitMb,
              cycle: group.cycle,
              siteIpAccessType: group.siteIpAccessType,
            })
          }
        >
          <Form.Item
            name="dataLimitMb"
            label={t('usage.limitMb')}
            rules={[schemaRule(VpnDataLimitSchema, lang, t('usage.limitMb'))]}
          >
            <InputNumber precision={0} style={{ width: '100%' }} data-testid="vpn-group-limit-input" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** A group's traffic in its cycle against its data limit, each device's against its own, and the devices' limits. */
export function GroupUsageCard({ groupId }: { groupId: number }) {
  const { t } = useTranslation('vpn');
  const { token } = theme.useToken();
  const lang = useLang();
  const usage = useQuery({
    queryKey: [...vpnKeys.all, getVpnGroupUsageCall.id, groupId],
    queryFn: () => apiCall(getVpnGroupUsageCall, { vpnGroupId: groupId }),
    // The traffic grows as the hub or the routers report it: the card follows without a reload.
    refetchInterval: 5000,
  });
  const [editing, setEditing] = useState<{ sn: string; dataLimitMb: number | null } | null>(null);
  const [form] = Form.useForm<{ dataLimitMb: number | null }>();
  const save = useCallMutation(setVpnDeviceLimitCall, {
    invalidates: [vpnKeys.all],
    onSuccess: () => setEditing(null),
  });
  const u = usage.data;
  return (
    <Card
      title={t('usage.title')}
      size="small"
      data-testid="vpn-group-usage"
      extra={
        <Can funCode="vpnGroups.edit">
          <GroupLimitButton groupId={groupId} />
        </Can>
      }
    >
      {u && (
        <Flex vertical gap={8}>
          <Flex gap={8} align="center">
            <span>
              {t('usage.group', { used: formatBytes(u.usedBytes), limit: formatBytes(u.limitBytes) })}
            </span>
            <UsageTag state={u.state} code={u.code} />
          </Flex>
          <Progress
            percent={Math.min(u.percent, 100)}
            {...usageProgress(u.state, token.colorWarning)}
            data-testid="vpn-group-progress"
          />
          {u.code !== null && (
            <Alert
              type="error"
              showIcon
              data-testid="vpn-usage-refused"
              message={t('usage.refused', { code: u.code, message: errorMessage(u.code, lang) })}
            />
          )}
          {u.pool?.carrying && (
            <Alert
              type="warning"
              showIcon
              data-testid="vpn-usage-on-pool"
              message={t('usage.onPool', { remaining: formatBytes(u.pool.remainingBytes) })}
            />
          )}
          <Table
            size="small"
            rowKey="sn"
            pagination={{ pageSize: 10, hideOnSinglePage: true, size: 'small' }}
            dataSource={u.devices}
            data-testid="vpn-device-usage"
            locale={{ emptyText: <Empty description={t('group.noDevices')} /> }}
            columns={[
              {
                key: 'sn',
                dataIndex: 'sn',
                title: t('group.sn'),
                render: (sn: string) => <span translate="no">{sn}</span>,
              },
              {
                key: 'limit',
                title: t('usage.limit'),
                render: (_v, d) => (d.dataLimitMb === null ? t('usage.groupLimit') : `${d.dataLimitMb} MB`),
              },
              {
                key: 'used',
                title: t('usage.used'),
                render: (_v, d) =>
                  d.percent === null ? (
                    formatBytes(d.usedBytes)
                  ) : (
                    <Progress
                      percent={Math.min(d.percent, 100)}
                      {...usageProgress(d.state, token.colorWarning)}
                      size="small"
                      format={() => `${d.percent} %`}
                    />
                  ),
              },
              {
                key: 'state',
                title: t('usage.state'),
                render: (_v, d) => <UsageTag state={d.state} code={d.code} />,
              },
              {
                key: 'actions',
                title: t('groups.actions'),
                render: (_v, d) => (
                  <Can funCode="vpnGroups.edit">
                    <Button
                      type="link"
                      size="small"
                      data-testid={`vpn-limit-${d.sn}`}
                      onClick={() => {
                        form.setFieldsValue({ dataLimitMb: d.dataLimitMb });
                        setEditing({ sn: d.sn, dataLimitMb: d.dataLimitMb });
                      }}
                    >
                      {t('usage.setLimit')}
                    </Button>
                  </Can>
                ),
              },
            ]}
          />
        </Flex>
      )}
      <Modal
        open={editing !== null}
        title={t('usage.setLimitTitle', { sn: editing?.sn ?? '' })}
        onCancel={() => setEditing(null)}
        confirmLoading={save.isPending}
        onOk={() =>
          form
            .validateFields()
            .then((v) =>
              save.mutate({ vpnGroupId: groupId, sn: editing!.sn, dataLimitMb: v.dataLimitMb ?? null }),
            )
            .catch(() => {})
        }
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="dataLimitMb"
            label={t('usage.limitMb')}
            extra={t('usage.limitHint')}
            rules={[
              {
                validator: async (_r, value: unknown) => {
                  if (value === null || value === undefined || value === '') return;
                  const m = schemaMessage(VpnDataLimitSchema, lang, t('usage.limitMb'), value);
                  if (m !== null) throw new Error(m);
                },
              },
            ]}
          >
            <InputNumber style={{ width: '100%' }} data-testid="vpn-limit-input" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

/** A router's LAN subnet in its group: shown in the device row and set from there. */
export function LanDialog({
  groupId,
  device,
  onClose,
}: {
  groupId: number;
  device: VpnMemberDevice | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('vpn');
  const lang = useLang();
  const [form] = Form.useForm<{ lanSubnet: string }>();
  const save = useCallMutation(setVpnDeviceLanCall, { invalidates: [vpnKeys.all], onSuccess: onClose });
  return (
    <Modal
      open={device !== null}
      destroyOnHidden
      title={t('lan.title', { sn: device?.sn ?? '' })}
      onCancel={onClose}
      confirmLoading={save.isPending}
      onOk={() =>
        form
          .validateFields()
          .then((v) => {
            const lanSubnet = (v.lanSubnet ?? '').trim();
            save.mutate({
              vpnGroupId: groupId,
              sn: device!.sn,
              lanSubnet: lanSubnet === '' ? null : lanSubnet,
            });
          })
          .catch(() => {})
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ lanSubnet: device?.lanSubnet ?? '' }}
        preserve={false}
      >
        <Form.Item
          name="lanSubnet"
          label={t('lan.subnet')}
          extra={t('lan.hint')}
          rules={[
            {
              validator: async (_r, value: unknown) => {
                if (typeof value !== 'string' || value.trim() === '') return;
                const m = schemaMessage(LanSubnetSchema, lang, t('lan.subnet'), value);
                if (m !== null) throw new Error(m);
              },
            },
          ]}
        >
          <Input placeholder="192.168.10.0/24" data-testid="vpn-lan-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The end devices (PLCs) behind the group's routers, with their mapped virtual addresses. */
export function EndDevicesCard({ groupId, routers }: { groupId: number; routers: string[] }) {
  const { t } = useTranslation('vpn');
  const lang = useLang();
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<{ sn: string; name: string; ip: string }>();
  const list = useListQuery(listVpnEndDevicesCall, {
    queryKey: [...vpnKeys.all, listVpnEndDevicesCall.id, groupId],
    fixed: { vpnGroupId: groupId },
    defaults: { pageSize: 20 },
  });
  const add = useCallMutation(addVpnEndDeviceCall, {
    invalidates: [vpnKeys.all],
    onSuccess: () => {
      form.resetFields();
      setAdding(false);
    },
  });
  const remove = useCallMutation(removeVpnEndDeviceCall, { invalidates: [vpnKeys.all] });
  return (
    <>
      <ListPage<VpnEndDevice>
        title={t('endDevices.title')}
        tableTestId="vpn-end-devices"
        rowKey="endDeviceId"
        list={list}
        empty={{ description: t('endDevices.empty') }}
        actions={
          <Can funCode="vpnGroups.edit">
            <Button
              onClick={() => setAdding(true)}
              data-testid="vpn-end-device-add"
              disabled={routers.length === 0}
            >
              {t('endDevices.add')}
            </Button>
          </Can>
        }
        columns={[
          { key: 'name', dataIndex: 'name', title: t('endDevices.name') },
          {
            key: 'sn',
            dataIndex: 'sn',
            title: t('endDevices.router'),
            render: (sn: string) => <span translate="no">{sn}</span>,
          },
          { key: 'ip', dataIndex: 'ip', title: t('endDevices.ip') },
          { key: 'virtualIp', dataIndex: 'virtualIp', title: t('endDevices.virtualIp') },
        ]}
        trailingColumns={[
          {
            key: 'actions',
            title: t('groups.actions'),
            render: (_v, d) => (
              <Can funCode="vpnGroups.edit">
                <Popconfirm
                  title={t('endDevices.removeConfirm', { name: d.name })}
                  okButtonProps={{ danger: true }}
                  onConfirm={() =>
                    remove.mutateAsync({ vpnGroupId: groupId, endDeviceId: d.endDeviceId }).catch(() => {})
                  }
                >
                  <Button
                    type="link"
                    size="small"
                    danger
                    data-testid={`vpn-end-device-remove-${d.endDeviceId}`}
                  >
                    {t('group.remove')}
                  </Button>
                </Popconfirm>
              </Can>
            ),
          },
        ]}
      />
      <Modal
        open={adding}
        title={t('endDevices.add')}
        onCancel={() => setAdding(false)}
        confirmLoading={add.isPending}
        onOk={() =>
          form
            .validateFields()
            .then((v) => add.mutate({ vpnGroupId: groupId, sn: v.sn, name: v.name.trim(), ip: v.ip.trim() }))
            .catch(() => {})
        }
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="sn"
            label={t('endDevices.router')}
            rules={[{ required: true, message: t('endDevices.routerRequired') }]}
          >
            <Select
              data-testid="vpn-end-device-router"
              options={routers.map((sn) => ({ value: sn, label: sn }))}
            />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('endDevices.name')}
            rules={[schemaRule(addVpnEndDeviceCall.input.shape.name, lang, t('endDevices.name'))]}
          >
            <Input data-testid="vpn-end-device-name" />
          </Form.Item>
          <Form.Item
            name="ip"
            label={t('endDevices.ip')}
            rules={[schemaRule(IPv4Schema, lang, t('endDevices.ip'))]}
          >
            <Input placeholder="192.168.10.20" data-testid="vpn-end-device-ip" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
