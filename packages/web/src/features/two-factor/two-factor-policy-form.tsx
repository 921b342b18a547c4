import { TWO_FACTOR_POLICIES, type TwoFactorPolicy } from '@fleetport/contract';
import { App, Form, Radio, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { addNamespaces } from '../../i18n/index.ts';
import { twoFactor } from './two-factor.i18n.ts';
import { useSetTwoFactorPolicy, useTwoFactorPolicy } from './two-factor-queries.ts';

addNamespaces({ twoFactor });

/** The company's two-factor policy (administrators; a tab of the company account page). */
export function TwoFactorPolicyForm() {
  const { t } = useTranslation('twoFactor');
  const { message } = App.useApp();
  const policy = useTwoFactorPolicy();
  const save = useSetTwoFactorPolicy();
  if (!policy.data) return <Spin />;
  return (
    <Form layout="vertical" data-testid="two-factor-policy">
      <Form.Item label={t('policy.label')} extra={t('policy.hint')}>
        <Radio.Group
          value={policy.data.policy}
          disabled={save.isPending}
          onChange={(event) =>
            save.mutate(event.target.value as TwoFactorPolicy, {
              onSuccess: () => void message.success(t('policy.saved')),
            })
          }
        >
          {TWO_FACTOR_POLICIES.map((p) => (
            <Radio key={p} value={p} data-testid={`two-factor-policy-${p}`}>
              {t(`policy.${p}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
    </Form>
  );
}
