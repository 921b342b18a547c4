import {
  COMPANY_TYPE_LABELS,
  type CompanyListItem,
  type CompanyType,
  errorMessage,
  leaveMyCompanyCall,
  myCompanyLimitsCall,
  setDefaultCompanyCall,
} from '@fleetport/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Progress, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { useLang } from '../../app/use-lang.ts';
import { IndexTable } from '../../widgets/index-table.tsx';
import { signOut } from '../auth/logout.ts';
import {
  COMPANY_PAGE_SIZE,
  companyKeys,
  enterCompany,
  useCompanyList,
} from '../companies/company-queries.ts';
import { useUserInfo } from '../shell/shell-queries.ts';

const limitsKey = ['company', 'limits'] as const;

/**
 * operation/userAccount: the person's own accounts (docs/decisions.md "User accounts page"): the
 * companies they belong to, the default one, switching to one, leaving one, and how many more they
 * may join (14049, 14050).
 */
export function UserAccountPage() {
  const { t } = useTranslation('account');
  const lang = useLang();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const current = useUserInfo().data?.companyId;
  const [pageNum, setPageNum] = useState(1);
  const list = useCompanyList({ pageNum, pageSize: COMPANY_PAGE_SIZE, companyName: '' });
  const limits = useQuery({ queryKey: limitsKey, queryFn: () => apiCall(myCompanyLimitsCall, {}) });

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: companyKeys.all }),
      queryClient.invalidateQueries({ queryKey: limitsKey }),
    ]);

  async function makeDefault(company: CompanyListItem) {
    try {
      await apiCall(setDefaultCompanyCall, { companyId: company.companyId });
      void message.success(t('companies.defaultSet', { name: company.companyName }));
      await refresh();
    } catch {
      // The client showed the code.
    }
  }

  async function switchTo(company: CompanyListItem) {
    try {
      await enterCompany(company.companyId);
      void navigate('/');
    } catch {
      // The client showed the code (access restricted, disabled ...).
    }
  }

  function leave(company: CompanyListItem) {
    const isCurrent = company.companyId === current;
    modal.confirm({
      title: t('companies.leaveTitle', { name: company.companyName }),
      content: isCurrent ? t('companies.leaveCurrentText') : t('companies.leaveText'),
      okText: t('companies.leave'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as never,
      onOk: async () => {
        try {
          const { signedOut } = await apiCall(leaveMyCompanyCall, { companyId: company.companyId });
          if (signedOut) return signOut({ tellServer: false });
          void message.success(t('companies.left', { name: company.companyName }));
          await refresh();
        } catch {
          // The client showed the code (14025 for the company's default user).
        }
      },
    });
  }

  const data = limits.data;
  return (
    <Flex vertical gap={16} data-testid="user-account">
      <Card title={t('companies.limitsTitle')}>
        {data && (
          <Flex vertical gap={8} style={{ maxWidth: 640 }}>
            <Typography.Text data-testid="companies-joined">
              {t('companies.joined', { joined: data.joined, max: data.max })}
            </Typography.Text>
            <Progress percent={Math.round((data.joined / data.max) * 100)} showInfo={false} size="small" />
            {data.oneCompanyPerAccount && (
              <Typography.Text type="secondary">{t('companies.onePerAccount')}</Typography.Text>
            )}
            {data.joinRefusedWith !== null && (
              <Alert
                type="info"
                showIcon
                data-testid="companies-join-refused"
                title={`${errorMessage(data.joinRefusedWith, lang)} (${data.joinRefusedWith})`}
              />
            )}
          </Flex>
        )}
      </Card>
      <Card title={t('companies.title')}>
        <IndexTable<CompanyListItem>
          rowKey="companyId"
          data-testid="my-companies"
          loading={list.isLoading}
          dataSource={list.data?.list ?? []}
          pagination={{
            current: pageNum,
            pageSize: COMPANY_PAGE_SIZE,
            total: list.data?.total ?? 0,
            onChange: setPageNum,
          }}
          columns={[
            {
              key: 'name',
              title: t('companies.name'),
              render: (_v, company) => (
                <Space>
                  <span data-testid={`company-name-${company.companyId}`}>{company.companyName}</span>
                  {company.defaultAccount && <Tag color="blue">{t('companies.default')}</Tag>}
                  {company.companyId === current && <Tag color="green">{t('companies.current')}</Tag>}
                </Space>
              ),
            },
            {
              key: 'type',
              title: t('companies.type'),
              render: (_v, company) =>
                COMPANY_TYPE_LABELS[company.companyType as CompanyType]?.[lang] ?? company.companyType,
            },
            {
              key: 'actions',
              title: t('companies.actions'),
              render: (_v, company) => (
                <Space size={0}>
                  {company.companyId !== current && (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => void switchTo(company)}
                      data-testid={`company-switch-${company.companyId}`}
                    >
                      {t('companies.switch')}
                    </Button>
                  )}
                  {!company.defaultAccount && (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => void makeDefault(company)}
                      data-testid={`company-default-${company.companyId}`}
                    >
                      {t('companies.makeDefault')}
                    </Button>
                  )}
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => leave(company)}
                    data-testid={`company-leave-${company.companyId}`}
                  >
                    {t('companies.leave')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
