import {
  derivedFlags,
  getCompanyAccountCall,
  leaveCompanyCall,
  setDefaultCompanyCall,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Space, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { PageGate } from '../../app/permissions.tsx';
import { AccessRestrictionForm } from '../access-restriction/access-restriction-form.tsx';
import { signOut } from '../auth/logout.ts';
import { useUserInfo } from '../shell/shell-queries.ts';
import { TwoFactorPolicyForm } from '../two-factor/two-factor-policy-form.tsx';
import { CompanyDetails, companyAccountKey } from './company-details.tsx';
import { CompanyMembers } from './company-members.tsx';

/**
 * The company account (/operation/companyAccount): details, members, and for administrators the
 * access restriction (a tab here: it is a setting of the company, guarded by companyAccount.*).
 */
export function CompanyAccountPage() {
  return (
    <PageGate funCode="companyAccount.view">
      <CompanyAccountView />
    </PageGate>
  );
}

function CompanyAccountView() {
  const { t } = useTranslation('operation');
  const { modal, message } = App.useApp();
  const user = useUserInfo().data;
  const company = useQuery({
    queryKey: companyAccountKey,
    queryFn: () => apiCall(getCompanyAccountCall, {}),
  });
  const admin = user ? derivedFlags(user).admin : false;

  if (company.isLoading || !company.data) return <Spin />;
  const data = company.data;

  function leave() {
    modal.confirm({
      title: t('company.leaveTitle'),
      content: t('company.leaveText', { name: data.name }),
      okText: t('confirm.ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as never,
      onOk: async () => {
        try {
          await apiCall(leaveCompanyCall, {});
          await signOut({ tellServer: false });
        } catch {
          // The client showed the code (14025 for the company's default user).
        }
      },
    });
  }

  async function makeDefault() {
    try {
      await apiCall(setDefaultCompanyCall, { companyId: data.companyId });
      void message.success(t('company.defaultSet', { name: data.name }));
    } catch {
      // The client showed the code.
    }
  }

  const tabs = [
    {
      key: 'details',
      label: t('company.details'),
      children: <CompanyDetails company={data} admin={admin} />,
    },
    { key: 'members', label: t('company.membersTab'), children: <CompanyMembers /> },
    ...(admin
      ? [
          { key: 'access', label: t('restriction.title'), children: <AccessRestrictionForm /> },
          { key: 'twoFactor', label: t('twoFactor:policy.title'), children: <TwoFactorPolicyForm /> },
        ]
      : []),
  ];

  return (
    <Card
      title={t('company.title')}
      data-testid="company-account"
      extra={
        <Space>
          <Button onClick={makeDefault} data-testid="company-make-default">
            {t('company.makeDefault')}
          </Button>
          <Button danger onClick={leave} disabled={user?.isDelete === 0} data-testid="company-leave">
            {t('company.leave')}
          </Button>
        </Space>
      }
    >
      <Tabs items={tabs} destroyOnHidden />
    </Card>
  );
}
