import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTargetCompanies } from './app-centre-queries.ts';

/** Companies chosen as target customers, found by part of their name (a form control: value, onChange). */
export function CompanyPicker({
  value,
  onChange,
  initial = [],
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  /** Companies already chosen, so their names show before any search. */
  initial?: readonly { companyId: number; name: string }[];
}) {
  const { t } = useTranslation('appCentre');
  const [search, setSearch] = useState('');
  const found = useTargetCompanies(search, true);
  const options = useMemo(() => {
    const byId = new Map(initial.map((c) => [c.companyId, c.name]));
    for (const c of found.data ?? []) byId.set(c.companyId, c.name);
    return [...byId].map(([companyId, name]) => ({ value: companyId, label: name }));
  }, [found.data, initial]);
  return (
    <Select
      mode="multiple"
      showSearch
      filterOption={false}
      onSearch={setSearch}
      loading={found.isFetching}
      placeholder={t('form.companiesSearch')}
      value={value}
      onChange={onChange}
      options={options}
      data-testid="target-companies"
    />
  );
}
