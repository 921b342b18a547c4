import {
  checkFile,
  type FileRule,
  formatBytes,
  ruleText,
  type StoredFile,
  UPLOAD_KINDS,
  type UploadKindName,
} from '@fleetport/contract';
import { Button, Flex, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../api/upload-file.ts';
import { useLang } from '../../app/use-lang.ts';

/** The `accept` list of a rule's file types (`.ruf,.bin,.deb`); any file when the rule names none. */
const acceptOf = (rule: FileRule) => rule.types?.join(',');

/**
 * A file field of the upload dialog: each file is checked here by the contract's rule (type and size),
 * then uploaded at once through the file layer, which checks it again (and an image's pixels) and
 * computes its sha256. The form keeps the stored files; the rule broken shows under the field.
 */
export function FileField({
  kind,
  value = [],
  onChange,
  testId,
}: {
  kind: UploadKindName;
  value?: StoredFile[];
  /** Set by the form item around the field. */
  onChange?: (files: StoredFile[]) => void;
  testId: string;
}) {
  const { t } = useTranslation('appCentre');
  const lang = useLang();
  const { rule, maxFiles } = UPLOAD_KINDS[kind];
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function pick(file: File) {
    setError(null);
    if (value.length >= maxFiles) {
      setError(ruleText({ key: 'fileCountMax', params: { num: maxFiles } }, lang));
      return;
    }
    // Type and size here; an image's pixels only the server reads (from the bytes it receives).
    const { width: _width, height: _height, ...typeAndSize } = rule;
    const broken = checkFile({ name: file.name, size: file.size }, typeAndSize);
    if (broken) {
      setError(ruleText(broken, lang));
      return;
    }
    setBusy(true);
    try {
      onChange?.([...value, await uploadFile(kind, file)]);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Flex vertical gap={4}>
      {value.map((file) => (
        <Space key={file.fileId} data-testid={`${testId}-file`}>
          <Typography.Text>{file.name}</Typography.Text>
          <Typography.Text type="secondary">{formatBytes(file.size)}</Typography.Text>
          <Button
            size="small"
            type="link"
            onClick={() => onChange?.(value.filter((f) => f.fileId !== file.fileId))}
          >
            {t('form.remove')}
          </Button>
        </Space>
      ))}
      {value.length < maxFiles && (
        <Upload
          accept={acceptOf(rule)}
          showUploadList={false}
          multiple={false}
          beforeUpload={(file) => {
            void pick(file);
            return false;
          }}
        >
          <Button loading={busy} data-testid={`${testId}-pick`}>
            {busy ? t('form.uploading') : t('form.choose')}
          </Button>
        </Upload>
      )}
      {error && (
        <Typography.Text type="danger" data-testid={`${testId}-error`}>
          {error}
        </Typography.Text>
      )}
    </Flex>
  );
}
