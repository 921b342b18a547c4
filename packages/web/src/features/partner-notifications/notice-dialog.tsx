import {
  createNoticeCall,
  NOTICE_AUDIENCES,
  type NoticeAudience,
  NoticeDraftSchema,
  type PartnerNotice,
  updateNoticeCall,
} from '@fleetport/contract';
import { App, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { schemaRule } from '../../app/form-rules.ts';
import { useLang } from '../../app/use-lang.ts';
import { partnerNoticeKeys, useNoticeCustomers } from './notice-queries.ts';

interface NoticeForm {
  name: string;
  topic: string;
  content: string;
  audience: NoticeAudience;
  customerIds: number[];
}

const FIELDS = NoticeDraftSchema.shape;

/** Writes a new notice or changes a draft: name, topic, content and the customers it is for. */
export function NoticeDialog({
  open,
  notice,
  onClose,
}: {
  open: boolean;
  /** The draft being changed; null writes a new one. */
  notice: PartnerNotice | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('partnerNotifications');
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<NoticeForm>();
  const audience = Form.useWatch('audience', form);
  const customers = useNoticeCustomers(open);
  const done = {
    invalidates: [partnerNoticeKeys.notices],
    onSuccess: () => {
      message.success(t('notices.saved'));
      onClose();
    },
  };
  const create = useCallMutation(createNoticeCall, done);
  const update = useCallMutation(updateNoticeCall, done);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      notice
        ? {
            name: notice.name,
            topic: notice.topic,
            content: notice.content,
            audience: notice.audience,
            customerIds: notice.customers.map((c) => c.companyId),
          }
        : { audience: 'all', customerIds: [] },
    );
  }, [open, notice, form]);

  async function save() {
    // The form shows what is wrong under each field.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const draft = {
      ...values,
      customerIds: values.audience === 'selected' ? (values.customerIds ?? []) : [],
    };
    // A refusal (15016, 15011 ...) is shown by the client; the dialog stays with what was typed.
    if (notice) update.mutate({ ...draft, noticeId: notice.noticeId });
    else create.mutate(draft);
  }

  return (
    <Modal
      open={open}
      title={notice ? t('notices.edit') : t('notices.create')}
      onCancel={onClose}
      onOk={save}
      confirmLoading={create.isPending || update.isPending}
      width={640}
      destroyOnHidden
    >
      <Form<NoticeForm> form={form} layout="vertical" data-testid="notice-form">
        <Form.Item
          name="name"
          label={t('notices.name')}
          rules={[schemaRule(FIELDS.name, lang, t('notices.name'))]}
        >
          <Input data-testid="notice-name" />
        </Form.Item>
        <Form.Item
          name="topic"
          label={t('notices.topic')}
          rules={[schemaRule(FIELDS.topic, lang, t('notices.topic'))]}
        >
          <Input data-testid="notice-topic" />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('notices.content')}
          rules={[schemaRule(FIELDS.content, lang, t('notices.content'))]}
        >
          <Input.TextArea rows={5} data-testid="notice-content" />
        </Form.Item>
        <Form.Item name="audience" label={t('notices.audience')}>
          <Radio.Group data-testid="notice-audience">
            {NOTICE_AUDIENCES.map((a) => (
              <Radio key={a} value={a} data-testid={`notice-audience-${a}`}>
                {a === 'all' ? t('notices.audienceAll') : t('notices.audienceSelected')}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {audience === 'selected' && (
          <Form.Item name="customerIds" label={t('notices.customers')} extra={t('notices.customersHint')}>
            <Select
              mode="multiple"
              allowClear
              loading={customers.isLoading}
              optionFilterProp="label"
              notFoundContent={<Typography.Text type="secondary">{t('notices.noCustomers')}</Typography.Text>}
              options={(customers.data ?? []).map((c) => ({ value: c.companyId, label: c.companyName }))}
              data-testid="notice-customers"
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
