import {
  type DeviceRow,
  ErrorCode,
  errorMessage,
  needsCrossVersionStep,
  type OsLine,
  osLineOf,
  REMOTE_ACCESS_MIN_APP_VERSION,
  supportsRemoteAccess,
  supportsZeroTouch,
  ZERO_TOUCH_MIN_VERSION,
} from '@fleetport/contract';
import { Alert, Card, Descriptions, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/permissions.tsx';
import { currentLanguage } from '../../i18n/index.ts';
import { EMPTY_CELL } from '../../widgets/index-table.tsx';
import { DeviceRollouts } from './device-rollouts.tsx';
import { PackageInstall } from './package-install.tsx';
import { UpdateHistory } from './update-history.tsx';

/**
 * The firmware tab: what the device runs, what that allows (core §9 minimum versions), and the
 * firmware updates sent to it; firmware of the App Centre for its model is installed from here.
 */
export function FirmwareTab({ device }: { device: DeviceRow }) {
  const { t } = useTranslation('deviceSoftware');
  const mayViewRollouts = usePermission('firmware.view');
  const line = osLineOf(device.series, device.firmwareVersion);
  // The minimum versions are app versions; routers that do not report one run the app of their firmware.
  const appVersion = device.appVersion ?? device.firmwareVersion;

  function feature(
    testId: string,
    minimum: Record<OsLine, string>,
    check: (l: OsLine, v: string) => boolean,
  ) {
    if (!line || !appVersion) return <span data-testid={testId}>{t('software.unknownVersion')}</span>;
    const ok = check(line, appVersion);
    return (
      <span data-testid={testId} data-supported={ok}>
        <Tag color={ok ? 'success' : 'warning'}>
          {ok ? t('software.supported') : t('software.unsupported', { version: minimum[line] })}
        </Tag>
      </span>
    );
  }

  return (
    <Flex vertical gap={16} data-testid="firmware-tab">
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          {
            key: 'fw',
            label: t('software.firmware'),
            children: <span data-testid="firmware-version">{device.firmwareVersion ?? EMPTY_CELL}</span>,
          },
          { key: 'app', label: t('software.apps'), children: device.appVersion ?? EMPTY_CELL },
          {
            key: 'line',
            label: t('software.osLine'),
            children: <span data-testid="os-line">{t(`software.osLines.${line ?? 'unknown'}`)}</span>,
          },
          {
            key: 'remote',
            label: t('software.remoteAccess'),
            children: feature('remote-access', REMOTE_ACCESS_MIN_APP_VERSION, supportsRemoteAccess),
          },
          {
            key: 'zeroTouch',
            label: t('software.zeroTouch'),
            children: feature('zero-touch', ZERO_TOUCH_MIN_VERSION, supportsZeroTouch),
          },
        ]}
      />
      {line && device.firmwareVersion && needsCrossVersionStep(line, device.firmwareVersion) && (
        <Alert
          type="info"
          showIcon
          data-testid="cross-version"
          title={errorMessage(ErrorCode.FIRMWARE_522_FIRST, currentLanguage())}
        />
      )}
      <Card size="small" title={t('software.available')}>
        <PackageInstall device={device} kind="firmware" />
      </Card>
      <Card size="small" title={t('software.history')}>
        <UpdateHistory sn={device.sn} kind="firmware" />
      </Card>
      {mayViewRollouts ? (
        <Card size="small" title={t('software.rolloutsTitle')}>
          <DeviceRollouts sn={device.sn} />
        </Card>
      ) : null}
    </Flex>
  );
}
