import { TotpCodeSchema, type TwoFactorEnrolment } from '@fleetport/contract';
import { Alert, App, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../app/form-rules.ts';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { EnrolmentKey, RecoveryCodeList } from './recovery-codes.tsx';
import { twoFactor } from './two-factor.i18n.ts';
import {
  useBeginTwoFactor,
  useConfirmTwoFactor,
  useRemoveTwoFactor,
  useTwoFactorStatus,
} from './two-factor-queries.ts';

addNamespaces({ twoFactor });

/** One code field with the contract's rule and a submit button. */
function CodeForm({
  submit,
  label,
  busy,
  testId,
}: {
  submit: (code: string) => Promise<unknown>;
  label: string;
  busy: boolean;
  testId: string;
}) {
  const { t } = useTranslation('twoFactor');
  const lang = useLang();
  const [form] = Form.useForm<{ code: string }>();
  return (
    <Form
      form={form}
      layout="inline"
      onFinish={async ({ code }) => {
        try {
          await submit(code);
        } catch {
          // The client showed the code.
          form.resetFields();
        }
      }}
    >
      <Form.Item name="code" rules={[schemaRule(TotpCodeSchema, lang, t('step.code'))]}>
        <Input
          placeholder={t('step.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          data-testid={`${testId}-code`}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid={`${testId}-submit`}>
        {label}
      </Button>
    </Form>
  );
}

/** My Account's two-factor card (issue 18): set up with a QR code, recovery codes once, turn off. */
export function TwoFactorCard() {
  const { t } = useTranslation('twoFactor');
  const { message } = App.useApp();
  const status = useTwoFactorStatus();
  const begin = useBeginTwoFactor();
  const confirm = useConfirmTwoFactor();
  const remove = useRemoveTwoFactor();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const data = status.data;

  return (
    <Card title={t('card.title')} data-testid="two-factor-card" loading={status.isLoading}>
      {data && (
        <Flex vertical gap={8}>
          <Typography.Text data-testid="two-factor-state">
            {data.enrolled ? t('card.on') : t('card.off')}
          </Typography.Text>
          {data.required && <Alert type="info" showIcon title={t('card.required')} />}
          {data.enrolled && (
            <Typography.Text>{t('card.codesLeft', { count: data.recoveryCodesLeft })}</Typography.Text>
          )}
          {codes && (
            <Alert
              type="warning"
              title={t('recovery.title')}
              description={<RecoveryCodeList codes={codes} />}
              closable
              onClose={() => setCodes(null)}
            />
          )}
          {!data.enrolled && !enrolment && (
            <Button
              type="primary"
              loading={begin.isPending}
              data-testid="two-factor-set-up"
              onClick={() => begin.mutate(undefined, { onSuccess: setEnrolment })}
            >
              {t('card.setUp')}
            </Button>
          )}
          {!data.enrolled && enrolment && (
            <>
              <EnrolmentKey qrImage={enrolment.qrImage} secret={enrolment.secret} />
              <CodeForm
                testId="two-factor-confirm"
                label={t('card.confirm')}
                busy={confirm.isPending}
                submit={async (code) => {
                  const result = await confirm.mutateAsync(code);
                  setEnrolment(null);
                  setCodes(result.recoveryCodes);
                  void message.success(t('card.turnedOn'));
                }}
              />
            </>
          )}
          {data.enrolled && !data.required && !turningOff && (
            <Button danger data-testid="two-factor-turn-off" onClick={() => setTurningOff(true)}>
              {t('card.turnOff')}
            </Button>
          )}
          {data.enrolled && turningOff && (
            <CodeForm
              testId="two-factor-remove"
              label={t('card.turnOff')}
              busy={remove.isPending}
              submit={async (code) => {
                await remove.mutateAsync(code);
                setTurningOff(false);
                void message.success(t('card.turnedOff'));
              }}
            />
          )}
        </Flex>
      )}
    </Card>
  );
}
