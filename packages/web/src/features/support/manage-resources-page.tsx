import {
  formatBytes,
  formatDateTime,
  listResourcesCall,
  type Resource,
  removeResourceCall,
  SUPPORT_LANGUAGES,
  type SupportLanguage,
  saveResourceCall,
} from '@fleetport/contract';
import { App, Button, Form, Input, Modal, Select, Space, Upload } from 'antd';
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

/** The Super Admin's resources (superAdmin/resources): files in each language, under 500 MB. */
export function ManageResourcesPage() {
  const { t } = useTranslation('support');
  const { message } = App.useApp();
  const [language, setLanguage] = useState<SupportLanguage | 'all'>('all');
  const [editing, setEditing] = useState<Resource | 'new' | null>(null);
  return (
    <>
      <AdminList<typeof listResourcesCall, typeof removeResourceCall, Resource>
        call={listResourcesCall}
        input={{ language }}
        title={t('manage.resources')}
        testId="manage-resources"
        add={{ label: t('manage.add'), onClick: () => setEditing('new') }}
        extra={<LanguageFilter value={language} onChange={setLanguage} />}
        columns={[
          { key: 'name', title: t('resources.columns.name'), dataIndex: 'name' },
          {
            key: 'language',
            title: t('manage.fields.language'),
            render: (_: unknown, r) => t(`language.${r.language}`),
          },
          {
            key: 'file',
            title: t('resources.columns.file'),
            render: (_: unknown, r) => (
              <a href={r.file.download.url} translate="no">
                {r.file.name}
              </a>
            ),
          },
          {
            key: 'size',
            title: t('resources.columns.size'),
            render: (_: unknown, r) => formatBytes(r.file.size),
          },
          {
            key: 'updated',
            title: t('resources.columns.updated'),
            render: (_: unknown, r) => formatDateTime(r.updatedAt),
          },
        ]}
        rowActions={(r) => (
          <Button size="small" onClick={() => setEditing(r)} data-testid={`manage-resources-edit-${r.id}`}>
            {t('manage.edit')}
          </Button>
        )}
        remove={{
          call: removeResourceCall,
          question: (r) => t('manage.removeResource', { name: r.name }),
          hint: t('manage.removeHint'),
        }}
      />
      {editing ? (
        <ResourceDialog
          resource={editing === 'new' ? null : editing}
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

interface ResourceForm {
  name: string;
  description: string;
  language: SupportLanguage;
}

function ResourceDialog({
  resource,
  onClose,
  onSaved,
}: {
  resource: Resource | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('support');
  const [form] = Form.useForm<ResourceForm>();
  const file = useImagePick((chosen) => uploadFile('resource', chosen));
  const [missing, setMissing] = useState(false);
  const { reset } = file;
  useEffect(() => {
    reset(resource?.file ?? null);
  }, [resource, reset]);
  const save = useCallMutation(saveResourceCall, {
    invalidates: [adminListKey(listResourcesCall)],
    onSuccess: onSaved,
  });

  async function submit() {
    const values = await form.validateFields().catch(() => null);
    setMissing(!file.file);
    if (!values || !file.file) return;
    save.mutate({
      id: resource?.id ?? null,
      resource: {
        name: values.name,
        description: values.description ?? '',
        language: values.language,
        fileId: file.file.fileId,
      },
    });
  }

  const fileError = file.error ?? (missing && !file.file ? t('manage.fileRequired') : null);
  return (
    <Modal
      open
      width={600}
      title={t('manage.dialogResource')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'resource-save' } as never}
    >
      <Form<ResourceForm>
        form={form}
        layout="vertical"
        initialValues={resource ?? { language: 'en', description: '' }}
      >
        <Form.Item
          name="name"
          label={t('manage.fields.name')}
          rules={[{ required: true, whitespace: true, max: 100 }]}
        >
          <Input maxLength={100} data-testid="resource-name" />
        </Form.Item>
        <Form.Item name="description" label={t('manage.fields.description')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={3} maxLength={500} data-testid="resource-description" />
        </Form.Item>
        <Form.Item name="language" label={t('manage.fields.language')} rules={[{ required: true }]}>
          <Select
            options={SUPPORT_LANGUAGES.map((value) => ({ value, label: t(`language.${value}`) }))}
            data-testid="resource-language"
          />
        </Form.Item>
        <Form.Item
          label={t('manage.fields.file')}
          required
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? undefined}
        >
          <Space>
            <Upload
              showUploadList={false}
              beforeUpload={(chosen) => {
                void file.pick(chosen);
                return false;
              }}
            >
              <Button loading={file.uploading} data-testid="resource-upload">
                {t('manage.upload')}
              </Button>
            </Upload>
            {file.file ? <span translate="no">{file.file.name}</span> : null}
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}
