import {
  type Faq,
  formatDateTime,
  listFaqsCall,
  removeFaqCall,
  SUPPORT_LANGUAGES,
  type SupportLanguage,
  saveFaqCall,
} from '@fleetport/contract';
import { App, Button, Form, Input, Modal, Select, Space, Tag, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../api/upload-file.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { AdminList, adminListKey } from '../../widgets/admin-list.tsx';
import { useImagePick } from '../../widgets/image-pick.tsx';
import { LanguageFilter } from './language-filter.tsx';
import { support } from './support.i18n.ts';

addNamespaces({ support });

/** The Super Admin's FAQ (superAdmin/FAQ): question, answer, tag, optional attachment, language. */
export function ManageFaqPage() {
  const { t } = useTranslation('support');
  const { message } = App.useApp();
  const [language, setLanguage] = useState<SupportLanguage | 'all'>('all');
  const [editing, setEditing] = useState<Faq | 'new' | null>(null);
  return (
    <>
      <AdminList<typeof listFaqsCall, typeof removeFaqCall, Faq>
        call={listFaqsCall}
        input={{ language }}
        title={t('manage.faq')}
        testId="manage-faq"
        add={{ label: t('manage.add'), onClick: () => setEditing('new') }}
        extra={<LanguageFilter value={language} onChange={setLanguage} />}
        columns={[
          { key: 'question', title: t('manage.fields.question'), dataIndex: 'question' },
          { key: 'tag', title: t('manage.fields.tag'), render: (_: unknown, f) => <Tag>{f.tag}</Tag> },
          {
            key: 'language',
            title: t('manage.fields.language'),
            render: (_: unknown, f) => t(`language.${f.language}`),
          },
          {
            key: 'attachment',
            title: t('faq.attachment'),
            render: (_: unknown, f) =>
              f.attachment ? (
                <a href={f.attachment.download.url} translate="no">
                  {f.attachment.name}
                </a>
              ) : null,
          },
          {
            key: 'updated',
            title: t('resources.columns.updated'),
            render: (_: unknown, f) => formatDateTime(f.updatedAt),
          },
        ]}
        rowActions={(f) => (
          <Button size="small" onClick={() => setEditing(f)} data-testid={`manage-faq-edit-${f.id}`}>
            {t('manage.edit')}
          </Button>
        )}
        remove={{ call: removeFaqCall, question: () => t('manage.removeFaq'), hint: t('manage.removeHint') }}
      />
      {editing ? (
        <FaqDialog
          faq={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            message.success(t('manage.saved'));
          }}
        />
      ) : null}
    </>
  );
}

interface FaqForm {
  question: string;
  answer: string;
  tag: string;
  language: SupportLanguage;
}

function FaqDialog({ faq, onClose, onSaved }: { faq: Faq | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('support');
  const [form] = Form.useForm<FaqForm>();
  const attachment = useImagePick((chosen) => uploadFile('resource', chosen));
  const { reset } = attachment;
  useEffect(() => {
    reset(faq?.attachment ?? null);
  }, [faq, reset]);
  const save = useCallMutation(saveFaqCall, {
    invalidates: [adminListKey(listFaqsCall)],
    onSuccess: onSaved,
  });

  async function submit() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    save.mutate({
      id: faq?.id ?? null,
      faq: { ...values, attachmentFileId: attachment.file?.fileId ?? null },
    });
  }

  return (
    <Modal
      open
      width={640}
      title={t('manage.dialogFaq')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'faq-save' } as never}
    >
      <Form<FaqForm> form={form} layout="vertical" initialValues={faq ?? { language: 'en' }}>
        <Form.Item
          name="question"
          label={t('manage.fields.question')}
          rules={[{ required: true, whitespace: true, max: 200 }]}
        >
          <Input maxLength={200} data-testid="faq-question" />
        </Form.Item>
        <Form.Item
          name="answer"
          label={t('manage.fields.answer')}
          rules={[{ required: true, whitespace: true, max: 4000 }]}
        >
          <Input.TextArea rows={5} maxLength={4000} data-testid="faq-answer" />
        </Form.Item>
        <Form.Item
          name="tag"
          label={t('manage.fields.tag')}
          rules={[{ required: true, whitespace: true, max: 30 }]}
        >
          <Input maxLength={30} data-testid="faq-tag-input" />
        </Form.Item>
        <Form.Item name="language" label={t('manage.fields.language')} rules={[{ required: true }]}>
          <Select options={SUPPORT_LANGUAGES.map((value) => ({ value, label: t(`language.${value}`) }))} />
        </Form.Item>
        <Form.Item
          label={t('manage.fields.attachment')}
          validateStatus={attachment.error ? 'error' : undefined}
          help={attachment.error ?? undefined}
        >
          <Space>
            <Upload
              showUploadList={false}
              beforeUpload={(chosen) => {
                void attachment.pick(chosen);
                return false;
              }}
            >
              <Button loading={attachment.uploading} data-testid="faq-upload">
                {t('manage.upload')}
              </Button>
            </Upload>
            {attachment.file ? (
              <>
                <span translate="no">{attachment.file.name}</span>
                <Button onClick={() => attachment.setFile(null)}>{t('manage.removeAttachment')}</Button>
              </>
            ) : null}
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}
