import {
  formatDateTime,
  manageReleaseNotesCall,
  type ReleaseNote,
  ReleaseVersionSchema,
  removeReleaseNoteCall,
  saveReleaseNoteCall,
} from '@fleetport/contract';
import { App, Button, DatePicker, Form, Input, Modal, Space, Tag, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../api/upload-file.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { schemaMessage } from '../../app/form-rules.ts';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { AdminList, adminListKey } from '../../widgets/admin-list.tsx';
import { useImagePick } from '../../widgets/image-pick.tsx';
import { releaseNotes } from './release-notes.i18n.ts';

addNamespaces({ releaseNotes });

const KEY = adminListKey(manageReleaseNotesCall);

function stateOf(note: ReleaseNote, now: number): 'scheduled' | 'showing' | 'ended' {
  if (now < note.startTime) return 'scheduled';
  return now < note.endTime ? 'showing' : 'ended';
}
const STATE_COLOR = { scheduled: 'blue', showing: 'green', ended: 'default' } as const;

/** The Super Admin's release notes (superAdmin/releaseNotes): every note, scheduled ones too. */
export function ManageReleaseNotesPage() {
  const { t } = useTranslation('releaseNotes');
  const { message } = App.useApp();
  const [editing, setEditing] = useState<ReleaseNote | 'new' | null>(null);
  const now = Date.now();

  return (
    <>
      <AdminList<typeof manageReleaseNotesCall, typeof removeReleaseNoteCall, ReleaseNote>
        call={manageReleaseNotesCall}
        title={t('manage.title')}
        testId="manage-release-notes"
        add={{ label: t('manage.add'), onClick: () => setEditing('new') }}
        addTestId="release-note-add"
        removeTestId={(n) => `release-note-remove-${n.id}`}
        columns={[
          { key: 'version', title: t('manage.columns.version'), dataIndex: 'version' },
          {
            key: 'window',
            title: t('manage.columns.window'),
            render: (_: unknown, n) => `${formatDateTime(n.startTime)} – ${formatDateTime(n.endTime)}`,
          },
          {
            key: 'state',
            title: t('manage.columns.state'),
            render: (_: unknown, n) => {
              const state = stateOf(n, now);
              return <Tag color={STATE_COLOR[state]}>{t(`manage.state.${state}`)}</Tag>;
            },
          },
          {
            key: 'attachment',
            title: t('manage.columns.attachment'),
            render: (_: unknown, n) =>
              n.attachment ? (
                <a href={n.attachment.download.url} translate="no">
                  {n.attachment.name}
                </a>
              ) : null,
          },
        ]}
        rowActions={(n) => (
          <Button size="small" onClick={() => setEditing(n)} data-testid={`release-note-edit-${n.id}`}>
            {t('manage.edit')}
          </Button>
        )}
        remove={{
          call: removeReleaseNoteCall,
          question: (n) => t('manage.removeTitle', { version: n.version }),
          hint: t('manage.removeHint'),
          done: t('manage.removed'),
        }}
      />
      {editing ? (
        <NoteDialog
          note={editing === 'new' ? null : editing}
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

/** From this minute, a week long, read from one instant. */
function defaultWindow(): [Dayjs, Dayjs] {
  const start = dayjs().startOf('minute');
  return [start, start.add(7, 'day')];
}

interface NoteForm {
  version: string;
  window: [Dayjs, Dayjs];
  contentEn: string;
  contentCn: string;
}

function NoteDialog({
  note,
  onClose,
  onSaved,
}: {
  note: ReleaseNote | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('releaseNotes');
  const lang = useLang();
  const [form] = Form.useForm<NoteForm>();
  const attachment = useImagePick((file) => uploadFile('releaseAttachment', file));
  const { reset } = attachment;
  useEffect(() => {
    reset(note?.attachment ?? null);
  }, [note, reset]);
  const save = useCallMutation(saveReleaseNoteCall, { invalidates: [KEY], onSuccess: onSaved });

  async function submit() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    save.mutate({
      id: note?.id ?? null,
      note: {
        version: values.version,
        contentEn: values.contentEn ?? '',
        contentCn: values.contentCn ?? '',
        startTime: values.window[0].valueOf(),
        endTime: values.window[1].valueOf(),
        attachmentFileId: attachment.file?.fileId ?? null,
      },
    });
  }

  return (
    <Modal
      open
      width={640}
      title={note ? t('manage.dialogEdit', { version: note.version }) : t('manage.dialogNew')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'release-note-save' } as never}
    >
      <Form<NoteForm>
        form={form}
        layout="vertical"
        initialValues={
          note
            ? {
                version: note.version,
                window: [dayjs(note.startTime), dayjs(note.endTime)],
                contentEn: note.contentEn,
                contentCn: note.contentCn,
              }
            : { window: defaultWindow() }
        }
      >
        <Form.Item
          name="version"
          label={t('manage.fields.version')}
          // The contract's rule, under the field as the person types, not only as the server's answer.
          rules={[
            { required: true },
            {
              validator: async (_rule, value: string | undefined) => {
                const problem = value?.trim()
                  ? schemaMessage(ReleaseVersionSchema, lang, t('manage.fields.version'), value)
                  : null;
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input placeholder="2.4.1" data-testid="release-note-version" />
        </Form.Item>
        <Form.Item name="window" label={t('manage.fields.window')} rules={[{ required: true }]}>
          <DatePicker.RangePicker showTime />
        </Form.Item>
        <Form.Item name="contentEn" label={t('manage.fields.contentEn')}>
          <Input.TextArea rows={4} maxLength={4000} data-testid="release-note-content-en" />
        </Form.Item>
        <Form.Item name="contentCn" label={t('manage.fields.contentCn')}>
          <Input.TextArea rows={4} maxLength={4000} data-testid="release-note-content-cn" />
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
              <Button loading={attachment.uploading} data-testid="release-note-attachment-upload">
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
