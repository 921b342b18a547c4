import { OemAppNameSchema, setOemSettingCall } from '@fleetport/contract';
import { App, Button, Card, Flex, Form, Input, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../api/upload-file.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { schemaMessage } from '../../app/form-rules.ts';
import { Can, PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { ImagePickButtons, useImagePick } from '../../widgets/image-pick.tsx';
import { shellKeys } from '../shell/shell-queries.ts';
import { branding } from './branding.i18n.ts';
import { brandingKeys, useOemSettings } from './branding-queries.ts';
import { MapKeysButton } from './map-keys-dialog.tsx';

addNamespaces({ branding });

/** The operation console's OEM page (core §2 operation/oem): the company's console names, logo and e-mail banner. */
export function OemPage() {
  return (
    <PageGate funCode="oem.view">
      <Oem />
    </PageGate>
  );
}

interface OemForm {
  rlinkDisplayName: string;
  rvpnDisplayName: string;
}

/** Empty keeps Fleetport's; anything else is 1-20 characters, as the server checks. */
const emptyToNull = (value: string | undefined) => {
  const name = value?.trim() ?? '';
  return name === '' ? null : name;
};

function Oem() {
  const { t } = useTranslation('branding');
  const lang = useLang();
  const { message } = App.useApp();
  const current = useOemSettings();
  const [form] = Form.useForm<OemForm>();
  const logo = useImagePick((file) => uploadFile('oemLogo', file));
  const banner = useImagePick((file) => uploadFile('emailBanner', file));
  const { reset: resetLogo } = logo;
  const { reset: resetBanner } = banner;
  const deviceName = Form.useWatch('rlinkDisplayName', form);
  const save = useCallMutation(setOemSettingCall, {
    // The header of this very console shows the new names and logo at once.
    invalidates: [brandingKeys.oem, brandingKeys.shown, shellKeys.oem()],
    onSuccess: () => message.success(t('saved')),
  });

  useEffect(() => {
    if (!current.data) return;
    form.setFieldsValue({
      rlinkDisplayName: current.data.rlinkDisplayName ?? '',
      rvpnDisplayName: current.data.rvpnDisplayName ?? '',
    });
    resetLogo(current.data.logo);
    resetBanner(current.data.banner);
  }, [current.data, form, resetLogo, resetBanner]);

  async function submit() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    save.mutate({
      rlinkDisplayName: emptyToNull(values.rlinkDisplayName),
      rvpnDisplayName: emptyToNull(values.rvpnDisplayName),
      logoFileId: logo.file?.fileId ?? null,
      bannerFileId: banner.file?.fileId ?? null,
    });
  }

  const nameRule = (label: string) => ({
    validator: async (_rule: unknown, value: string | undefined) => {
      const name = value?.trim();
      const problem = name ? schemaMessage(OemAppNameSchema, lang, label, name) : null;
      if (problem) throw new Error(problem);
    },
  });

  return (
    <Card title={t('oem.title')} data-testid="oem-page" loading={current.isLoading}>
      <Typography.Paragraph type="secondary">{t('oem.intro')}</Typography.Paragraph>
      <Form<OemForm> form={form} layout="vertical" style={{ maxWidth: 640 }}>
        <Form.Item
          name="rlinkDisplayName"
          label={t('oem.deviceName')}
          rules={[nameRule(t('oem.deviceName'))]}
        >
          <Input placeholder={t('oem.deviceNamePlaceholder')} data-testid="oem-device-name" />
        </Form.Item>
        <Form.Item name="rvpnDisplayName" label={t('oem.vpnName')} rules={[nameRule(t('oem.vpnName'))]}>
          <Input placeholder={t('oem.vpnNamePlaceholder')} data-testid="oem-vpn-name" />
        </Form.Item>
        <Form.Item
          label={t('logo')}
          extra={t('logoHint')}
          validateStatus={logo.error ? 'error' : undefined}
          help={logo.error ?? undefined}
        >
          <Space>
            <ImagePickButtons
              image={logo}
              uploadLabel={t('upload')}
              removeLabel={t('remove')}
              testId="oem-logo"
            />
          </Space>
        </Form.Item>
        <Form.Item
          label={t('oem.banner')}
          extra={t('oem.bannerHint')}
          validateStatus={banner.error ? 'error' : undefined}
          help={banner.error ?? undefined}
        >
          <Flex vertical gap={8}>
            <Space>
              <ImagePickButtons
                image={banner}
                uploadLabel={t('oem.bannerUpload')}
                removeLabel={t('oem.bannerRemove')}
                testId="oem-banner"
              />
            </Space>
            {banner.file ? (
              <img
                src={banner.file.download.url}
                alt={banner.file.name}
                data-testid="oem-banner-preview"
                style={{ width: 300, height: 117.5, objectFit: 'contain', border: '1px solid #f0f0f0' }}
              />
            ) : null}
          </Flex>
        </Form.Item>
        <Form.Item label={t('oem.preview')}>
          {/* The console header: 55 px, the logo at 135x35 beside the device console's name. */}
          <Flex
            align="center"
            gap={12}
            data-testid="oem-preview"
            style={{ height: 55, padding: '0 16px', background: '#001529', color: '#fff', borderRadius: 4 }}
          >
            {logo.file ? (
              <img src={logo.file.download.url} alt={logo.file.name} style={{ height: 35, maxWidth: 135 }} />
            ) : (
              <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" style={{ height: 28 }} />
            )}
            <strong style={{ fontSize: 16 }}>{deviceName?.trim() || t('oem.deviceNamePlaceholder')}</strong>
          </Flex>
        </Form.Item>
        <Can funCode="oem.edit">
          <Space>
            <Button type="primary" onClick={submit} loading={save.isPending} data-testid="oem-save">
              {t('save')}
            </Button>
            <MapKeysButton />
          </Space>
        </Can>
      </Form>
    </Card>
  );
}
