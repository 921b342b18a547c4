import {
  type DeviceRow,
  formatDateTime,
  type InstallTiming,
  installPackageCall,
  listPackagesCall,
  type PackageKind,
  type PackageSummary,
  type SeriesId,
} from '@fleetport/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Input, Modal, Radio, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { rememberAction } from './remote-action-state.ts';
import { SOFTWARE_KEYS } from './software-queries.ts';

/** What the device may install: the app centre's packages of its series that fit its model. */
function usePackagesFor(device: DeviceRow, kind: PackageKind) {
  return useQuery({
    queryKey: [listPackagesCall.id, 'device', device.series, kind],
    queryFn: () =>
      apiCall(
        listPackagesCall,
        { series: device.series.toLowerCase() as SeriesId, kind, pageNum: 1, pageSize: 50 },
        { silent: true },
      ),
    retry: false,
    select: (page) =>
      (page?.list ?? []).filter(
        (p) => p.models.length === 0 || p.models.some((m) => m.toLowerCase() === device.model.toLowerCase()),
      ),
  });
}

/**
 * The available packages of the firmware or apps tab, each with Install: a dialog chooses now, a time
 * (15 minutes ahead at least) or, for firmware, "update only", and confirms. The server's refusals
 * (Basic licence, an update running, too soon, 5.2.2 first, not for this device) are shown by the
 * client's catalogue reactions, in the console's language.
 */
export function PackageInstall({ device, kind }: { device: DeviceRow; kind: PackageKind }) {
  const { t } = useTranslation('deviceSoftware');
  const packages = usePackagesFor(device, kind);
  const [chosen, setChosen] = useState<PackageSummary | null>(null);
  const rows = packages.data ?? [];
  if (!packages.isLoading && rows.length === 0)
    return (
      <div data-testid={`packages-${kind}`}>
        <EmptyState description={t('install.none')} />
      </div>
    );
  return (
    <>
      <Table<PackageSummary>
        data-testid={`packages-${kind}`}
        size="small"
        rowKey="packageId"
        loading={packages.isLoading}
        pagination={false}
        dataSource={rows}
        columns={[
          { key: 'name', title: t('apps.name'), dataIndex: 'name' },
          { key: 'version', title: t('software.version'), dataIndex: 'latestVersion' },
          {
            key: 'action',
            title: t('software.action'),
            render: (_, p) => (
              <Button size="small" data-testid={`install-${p.latestVersionId}`} onClick={() => setChosen(p)}>
                {t('install.install')}
              </Button>
            ),
          },
        ]}
      />
      {chosen && <InstallDialog device={device} pkg={chosen} onClose={() => setChosen(null)} />}
    </>
  );
}

function InstallDialog({
  device,
  pkg,
  onClose,
}: {
  device: DeviceRow;
  pkg: PackageSummary;
  onClose: () => void;
}) {
  const { t } = useTranslation('deviceSoftware');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [timing, setTiming] = useState<InstallTiming>('immediately');
  /** The chosen local date and time (`YYYY-MM-DDTHH:mm`), in the browser's time zone. */
  const [at, setAt] = useState('');
  const [sending, setSending] = useState(false);

  async function send() {
    setSending(true);
    try {
      const res = await apiCall(installPackageCall, {
        sn: device.sn,
        versionId: pkg.latestVersionId,
        timing,
        ...(timing === 'at' && at ? { at: new Date(at).getTime() } : {}),
      });
      if (res.action) rememberAction(queryClient, res.action);
      void queryClient.invalidateQueries({ queryKey: SOFTWARE_KEYS.history(device.sn) });
      message.success(
        res.scheduledAt
          ? t('install.scheduled', { name: pkg.name, at: formatDateTime(res.scheduledAt) })
          : t('install.sent', { name: pkg.name, version: pkg.latestVersion }),
      );
      onClose();
    } catch {
      // The refusal's code and message are shown by the client (the upgrade dialog for 120095).
    } finally {
      setSending(false);
    }
  }

  const ready = timing !== 'at' || !Number.isNaN(new Date(at).getTime());
  return (
    <ConfirmPanel
      title={t('install.confirm', { name: pkg.name, version: pkg.latestVersion, sn: device.sn })}
      okText={t('install.install')}
      okDisabled={!ready}
      loading={sending}
      onOk={send}
      onCancel={onClose}
    >
      <Flex vertical gap={12}>
        <Radio.Group
          value={timing}
          onChange={(e) => setTiming(e.target.value as InstallTiming)}
          data-testid="install-timing"
        >
          <Radio value="immediately">{t('install.timings.immediately')}</Radio>
          <Radio value="at">{t('install.timings.at')}</Radio>
          {pkg.kind === 'firmware' && <Radio value="updateOnly">{t('install.timings.updateOnly')}</Radio>}
        </Radio.Group>
        {timing === 'at' && (
          <Input
            type="datetime-local"
            value={at}
            onChange={(e) => setAt(e.target.value)}
            aria-label={t('install.timings.at')}
            data-testid="install-at"
          />
        )}
        <Alert type="info" showIcon title={t(`install.hints.${timing}`)} />
      </Flex>
    </ConfirmPanel>
  );
}

function ConfirmPanel(props: {
  title: string;
  okText: string;
  okDisabled: boolean;
  loading: boolean;
  onOk: () => void;
  onCancel: () => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open
      title={props.title}
      okText={props.okText}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: props.okDisabled, 'data-testid': 'confirm-install' } as never}
      confirmLoading={props.loading}
      onOk={props.onOk}
      onCancel={props.onCancel}
    >
      {props.children}
    </Modal>
  );
}
