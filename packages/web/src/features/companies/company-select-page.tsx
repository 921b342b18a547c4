import { Button, Empty, Input, List, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PlainCard as Card } from '../../widgets/plain-card.tsx';
import { PublicLayout } from '../auth/public-layout.tsx';
import { hasTicket } from '../auth/session-store.ts';
import { COMPANY_PAGE_SIZE, enterCompany, useCompanyList } from './company-queries.ts';

/**
 * /selectCompany (and the public /companyList): the person's companies, the default first, with a
 * name search and paging; choosing one binds the session to it and opens the console.
 */
export function CompanySelectPage() {
  const { t } = useTranslation('company');
  const navigate = useNavigate();
  const signedIn = hasTicket();
  const [pageNum, setPageNum] = useState(1);
  const [companyName, setCompanyName] = useState('');
  const [entering, setEntering] = useState<number | null>(null);
  const companies = useCompanyList({ pageNum, pageSize: COMPANY_PAGE_SIZE, companyName }, signedIn);

  async function choose(companyId: number) {
    setEntering(companyId);
    try {
      await enterCompany(companyId);
      navigate('/');
    } catch {
      // The client showed the code; 14091 (access window) is explained on this page by its alert.
    } finally {
      setEntering(null);
    }
  }

  return (
    <PublicLayout>
      <Card style={{ width: 560, maxWidth: '100%' }} data-testid="company-select">
        <Typography.Title level={3}>{t('select.title')}</Typography.Title>
        {!signedIn ? (
          <Empty description={t('select.signedOut')}>
            <Link to="/login">
              <Button type="primary">{t('select.toLogin')}</Button>
            </Link>
          </Empty>
        ) : (
          <>
            <Typography.Paragraph type="secondary">{t('select.subtitle')}</Typography.Paragraph>
            <Input.Search
              data-testid="company-search"
              allowClear
              placeholder={t('select.search')}
              onSearch={(value) => {
                setCompanyName(value.trim());
                setPageNum(1);
              }}
              style={{ marginBottom: 12 }}
            />
            <List
              loading={companies.isLoading}
              dataSource={companies.data?.list ?? []}
              locale={{ emptyText: t('select.empty') }}
              pagination={{
                current: pageNum,
                pageSize: COMPANY_PAGE_SIZE,
                total: companies.data?.total ?? 0,
                onChange: setPageNum,
                showTotal: (total) => t('select.total', { total }),
                size: 'small',
                hideOnSinglePage: true,
              }}
              renderItem={(item) => (
                <List.Item
                  data-testid="company-row"
                  actions={[
                    <Button
                      key="enter"
                      type="primary"
                      data-testid="company-enter"
                      loading={entering === item.companyId}
                      onClick={() => void choose(item.companyId)}
                    >
                      {t('select.enter')}
                    </Button>,
                  ]}
                >
                  <List.Item.Meta
                    title={
                      <span data-testid="company-name">
                        {item.companyName}{' '}
                        {item.defaultAccount && <Tag color="blue">{t('select.defaultAccount')}</Tag>}
                      </span>
                    }
                    description={t(`types.${item.companyType}`, { defaultValue: '' })}
                  />
                </List.Item>
              )}
            />
          </>
        )}
      </Card>
    </PublicLayout>
  );
}
