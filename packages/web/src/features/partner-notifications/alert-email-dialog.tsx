import {
  ALERT_EMAIL_TYPE_LABELS,
  ALERT_SUBJECT_MAX,
  type AlertEmailSetting,
  EmailSchema,
  plainText,
  SENDER_NAME_MAX,
  saveAlertEmailCall,
} from '@fleetport/contract';
import { App, Form, Image, Input, Modal, Space, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { schemaRule } from '../../app/form-rules.ts';
import { useLang } from '../../app/use-lang.ts';
import { ImagePickButtons, useImagePick } from '../../widgets/image-pick.tsx';
import { uploadBanner } from './banner-upload.ts';
import { partnerNoticeKeys } from './notice-queries.ts';

interface EmailForm {
  subject: string;
  senderName: string;
  supportEmail: string;
  enabled: boolean;
}

const SUBJECT = plainText(1, ALERT_SUBJECT_MAX);
const SENDER = plainText(1, SENDER_NAME_MAX);

/** One alert e-mail type: subject, sender, support address, banner, on or off. */
export function AlertEmailDialog({
  setting,
  onClose,
}: {
  setting: AlertEmailSetting | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('partnerNotifications');
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<EmailForm>();
  const image = useImagePick(uploadBanner);
  const banner = image.file;
  const { reset: resetBanner } = image;
  const save = useCallMutation(saveAlertEmailCall, {
    invalidates: [partnerNoticeKeys.emailSettings],
    onSuccess: () => {
      message.success(t('emails.saved'));
      onClose();
    },
  });

  useEffect(() => {
    if (!setting) return;
    form.setFieldsValue({
      subject: setting.subject ?? '',
      senderName: setting.senderName ?? '',
      supportEmail: setting.supportEmail ?? '',
      enabled: setting.enabled,
    });
    resetBanner(setting.banner);
  }, [setting, form, resetBanner]);

  async function submit() {
    if (!setting) return;
    // The form shows what is wrong under each field.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    save.mutate({ ...values, type: setting.type, bannerFileId: banner?.fileId ?? null });
  }

  return (
    <Modal
      open={setting !== null}
      title={setting ? t('emails.editTitle', { type: ALERT_EMAIL_TYPE_LABELS[setting.type][lang] }) : ''}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={save.isPending}
      width={680}
      destroyOnHidden
    >
      <Form<EmailForm> form={form} layout="vertical" data-testid="alert-email-form">
        <Form.Item name="enabled" label={t('emails.enabled')} valuePropName="checked">
          <Switch data-testid="alert-email-enabled" />
        </Form.Item>
        <Form.Item
          name="subject"
          label={t('emails.subject')}
          rules={[schemaRule(SUBJECT, lang, t('emails.subject'))]}
        >
          <Input data-testid="alert-email-subject" />
        </Form.Item>
        <Form.Item
          name="senderName"
          label={t('emails.senderName')}
          rules={[schemaRule(SENDER, lang, t('emails.senderName'))]}
        >
          <Input data-testid="alert-email-sender" />
        </Form.Item>
        <Form.Item
          name="supportEmail"
          label={t('emails.supportEmail')}
          rules={[schemaRule(EmailSchema, lang, t('emails.supportEmail'))]}
        >
          <Input data-testid="alert-email-support" />
        </Form.Item>
        <Form.Item
          label={t('emails.banner')}
          extra={t('emails.bannerHint')}
          validateStatus={image.error ? 'error' : undefined}
          help={image.error ?? undefined}
        >
          <Space orientation="vertical">
            {banner && (
              <Image
                src={banner.download.url}
                width={300}
                height={117.5}
                preview={false}
                alt={banner.name}
                data-testid="alert-email-banner"
              />
            )}
            <Space>
              <ImagePickButtons
                image={image}
                uploadLabel={t('emails.bannerUpload')}
                removeLabel={t('emails.bannerRemove')}
                testId="alert-email-banner"
              />
            </Space>
            {banner && <Typography.Text type="secondary">{banner.name}</Typography.Text>}
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}
