import { OemAppNameSchema, setBrandingCall } from '@fleetport/contract';
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
import { branding } from './branding.i18n.ts';
import { brandingKeys, useOwnBranding } from './branding-queries.ts';

addNamespaces({ branding });

/** The partner consoles' branding page: the logo and app name its customers' consoles show. */
export function BrandingPage() {
  return (
    <PageGate funCode="partnerBranding.view">
      <Branding />
    </PageGate>
  );
}

interface BrandingForm {
  appName: string;
}

function Branding() {
  const { t } = useTranslation('branding');
  const lang = useLang();
  const { message } = App.useApp();
  const current = useOwnBranding();
  const [form] = Form.useForm<BrandingForm>();
  const image = useImagePick((file) => uploadFile('oemLogo', file));
  const logo = image.file;
  const { reset: resetLogo } = image;
  const appName = Form.useWatch('appName', form);
  const save = useCallMutation(setBrandingCall, {
    invalidates: [brandingKeys.own],
    onSuccess: () => message.success(t('saved')),
  });

  useEffect(() => {
    if (!current.data) return;
    form.setFieldsValue({ appName: current.data.appName ?? '' });
    resetLogo(current.data.logo);
  }, [current.data, form, resetLogo]);

  async function submit() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const name = values.appName?.trim() ?? '';
    save.mutate({ appName: name === '' ? null : name, logoFileId: logo?.fileId ?? null });
  }

  return (
    <Card title={t('title')} data-testid="branding-page" loading={current.isLoading}>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Form<BrandingForm> form={form} layout="vertical" style={{ maxWidth: 480 }}>
        <Form.Item
          name="appName"
          label={t('appName')}
          // Empty keeps Fleetport's name; anything else is 1-20 characters, as the server checks.
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const name = value?.trim();
                const problem = name ? schemaMessage(OemAppNameSchema, lang, t('appName'), name) : null;
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input placeholder={t('appNamePlaceholder')} data-testid="branding-app-name" />
        </Form.Item>
        <Form.Item
          label={t('logo')}
          extra={t('logoHint')}
          validateStatus={image.error ? 'error' : undefined}
          help={image.error ?? undefined}
        >
          <Space>
            <ImagePickButtons
              image={image}
              uploadLabel={t('upload')}
              removeLabel={t('remove')}
              testId="branding-logo"
            />
          </Space>
        </Form.Item>
        <Form.Item label={t('preview')}>
          {/* The console header as a customer sees it: 55 px, the logo at 135x35 beside the name. */}
          <Flex
            align="center"
            gap={12}
            data-testid="branding-preview"
            style={{ height: 55, padding: '0 16px', background: '#001529', color: '#fff', borderRadius: 4 }}
          >
            {logo ? (
              <img src={logo.download.url} alt={logo.name} style={{ height: 35, maxWidth: 135 }} />
            ) : (
              <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" style={{ height: 28 }} />
            )}
            <strong style={{ fontSize: 16 }}>{appName?.trim() || t('appNamePlaceholder')}</strong>
          </Flex>
        </Form.Item>
        <Can funCode="partnerBranding.edit">
          <Button type="primary" onClick={submit} loading={save.isPending} data-testid="branding-save">
            {t('save')}
          </Button>
        </Can>
      </Form>
    </Card>
  );
}
