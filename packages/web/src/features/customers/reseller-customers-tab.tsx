import {
  CUSTOMER_EXPORT_COLUMNS,
  type Customer,
  exportCustomersCall,
  listCustomersCall,
} from '@fleetport/contract';
import { useTranslation } from 'react-i18next';
import { FilterSearch } from '../../widgets/list/filter-search.tsx';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { ExportButton } from '../exports/export-button.tsx';
import { usePartnerConsole } from './customer-queries.ts';
import { useCustomerColumns } from './customers-page.tsx';

/**
 * A re-seller's own customers, read through the company tree: the distributor sees who buys from its
 * re-seller and what they hold; the re-seller alone adds and changes them.
 */
export function ResellerCustomersTab({ reseller }: { reseller: Customer }) {
  const { t } = useTranslation('customers');
  const partnerConsole = usePartnerConsole();
  const list = useListQuery(listCustomersCall, {
    fixed: { partnerCompanyId: reseller.companyId },
    defaults: { pageSize: 20 },
    urlPrefix: 'customers',
  });
  const columns = useCustomerColumns(`/${partnerConsole}/myCustomers`);
  return (
    <ListPage<Customer>
      title={t('resellerCustomers', { name: reseller.name })}
      tableTestId="reseller-customers"
      rowKey="companyId"
      list={list}
      columns={columns}
      empty={{ description: t('resellerCustomersEmpty') }}
      filters={
        <FilterSearch
          value={list.filters.search}
          onSearch={(search) => list.setFilters({ search })}
          placeholder={t('search')}
          testId="reseller-customers-search"
        />
      }
      exportAction={({ total }) => (
        <ExportButton
          call={exportCustomersCall}
          filter={{ ...list.filters, partnerCompanyId: reseller.companyId }}
          total={total}
          columns={CUSTOMER_EXPORT_COLUMNS}
          fileNamePrefix={t('resellerCustomers', { name: reseller.name })}
          module={`${partnerConsole}/myCustomers`}
          funCode="customers.export"
        />
      )}
    />
  );
}
