import {
  PACKAGE_TARGETS,
  type PackageTarget,
  type PackageVersion,
  setPackageTargetCall,
} from '@fleetport/contract';
import { App, Form, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { CATALOGUE_CHANGES } from './app-centre-queries.ts';
import { CompanyPicker } from './company-picker.tsx';

interface TargetForm {
  kind: PackageTarget;
  companyIds: number[];
}

/** The Super Admin chooses whom a platform version is published to: all, distributors only, or chosen companies. */
export function TargetDialog({
  open,
  version,
  onClose,
}: {
  open: boolean;
  version: PackageVersion;
  onClose: () => void;
}) {
  const { t } = useTranslation('appCentre');
  const { message } = App.useApp();
  const [form] = Form.useForm<TargetForm>();
  const kind = Form.useWatch('kind', form);
  const save = useCallMutation(setPackageTargetCall, {
    invalidates: CATALOGUE_CHANGES,
    onSuccess: () => {
      message.success(t('detail.targetSaved'));
      onClose();
    },
  });
  useEffect(() => {
    if (!open || !version.target) return;
    form.setFieldsValue({
      kind: version.target.kind,
      companyIds: version.target.companies.map((c) => c.companyId),
    });
  }, [open, version, form]);

  async function submit() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    save.mutate({
      versionId: version.versionId,
      target: { kind: values.kind, companyIds: values.kind === 'companies' ? values.companyIds : [] },
    });
  }

  return (
    <Modal
      open={open}
      title={t('detail.editTarget')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<TargetForm> form={form} layout="vertical">
        <Form.Item name="kind" label={t('form.target')}>
          <Radio.Group options={PACKAGE_TARGETS.map((k) => ({ value: k, label: t(`targets.${k}`) }))} />
        </Form.Item>
        {kind === 'companies' && (
          <Form.Item
            name="companyIds"
            label={t('form.companies')}
            rules={[{ required: true, type: 'array', min: 1, message: t('form.companiesRequired') }]}
          >
            <CompanyPicker initial={version.target?.companies ?? []} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
