import { DownOutlined, SwapOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isOnlyOneCompany } from '../auth/session-store.ts';
import { COMPANY_PAGE_SIZE, enterCompany, useCompanyList } from './company-queries.ts';

const ALL = '__all__';

/** The header's company switch: the first page of companies, and the full list behind "All companies". */
export function CompanySwitch({ current }: { current: string }) {
  const { t } = useTranslation('company');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const single = isOnlyOneCompany();
  const companies = useCompanyList({ pageNum: 1, pageSize: COMPANY_PAGE_SIZE, companyName: '' }, !single);
  const label = (
    <span
      data-testid="current-company"
      style={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis' }}
    >
      {current}
    </span>
  );
  if (single) {
    return (
      <Button type="text" style={{ color: '#fff', cursor: 'default' }} data-testid="company-switch">
        {label}
      </Button>
    );
  }
  const list = companies.data?.list ?? [];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          ...list.map((company) => ({
            key: String(company.companyId),
            label: (
              <span data-testid="company-option">
                {company.companyName}{' '}
                {company.defaultAccount && <Tag color="blue">{t('select.defaultAccount')}</Tag>}
              </span>
            ),
          })),
          { type: 'divider' as const },
          { key: ALL, label: <span data-testid="company-all">{t('switch.all')}</span> },
        ],
        onClick: async ({ key }) => {
          if (key === ALL) {
            navigate('/selectCompany');
            return;
          }
          try {
            const info = await enterCompany(Number(key));
            void message.success(t('switch.switched', { name: info.companyName ?? '' }));
            navigate('/');
          } catch {
            // The client already showed the code's message.
          }
        },
      }}
    >
      <Button
        type="text"
        style={{ color: '#fff' }}
        data-testid="company-switch"
        aria-label={t('switch.label')}
      >
        <SwapOutlined /> {label} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
