import { SettingOutlined } from '@ant-design/icons';
import { getPageColumnsCall, updatePageColumnsCall } from '@fleetport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Flex, Popover } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';

/** A column the user may show or hide; `key` is what the page column preference stores. */
export interface ChoosableColumn {
  key: string;
  title: string;
}

const columnsKey = (pageName: string) => ['pageColumns', pageName] as const;

/**
 * The columns a user shows on a table page (core §3 "Page column preference"), kept on the server per
 * user. Until the user chooses, every column shows.
 */
export function usePageColumns<T>(pageName: string, columns: ColumnsType<T>) {
  const queryClient = useQueryClient();
  const saved = useQuery({
    queryKey: columnsKey(pageName),
    queryFn: () => apiCall(getPageColumnsCall, { pageName }, { silent: true }),
  });
  const save = useMutation({
    mutationFn: (keys: string[]) => apiCall(updatePageColumnsCall, { pageName, columns: keys }),
    onSuccess: (_data, keys) => queryClient.setQueryData(columnsKey(pageName), { pageName, columns: keys }),
  });
  const allKeys = useMemo(() => columns.map((c) => String(c.key)), [columns]);
  const chosen = saved.data?.columns ?? allKeys;
  const shown = useMemo(() => columns.filter((c) => chosen.includes(String(c.key))), [columns, chosen]);
  return { shown, chosen, allKeys, choose: (keys: string[]) => save.mutate(keys) };
}

/** The gear beside a table that shows and hides its columns. */
export function ColumnSettings({
  columns,
  chosen,
  onChange,
}: {
  columns: ChoosableColumn[];
  chosen: string[];
  onChange: (keys: string[]) => void;
}) {
  const { t } = useTranslation('operation');
  const content = (
    <Checkbox.Group
      value={chosen}
      onChange={(keys) =>
        // Kept in the table's order; at least one column stays.
        keys.length && onChange(columns.map((c) => c.key).filter((k) => keys.includes(k)))
      }
    >
      <Flex vertical gap={4} data-testid="column-settings-list">
        {columns.map((c) => (
          <Checkbox key={c.key} value={c.key} data-testid={`column-${c.key}`}>
            {c.title}
          </Checkbox>
        ))}
      </Flex>
    </Checkbox.Group>
  );
  return (
    <Popover trigger="click" title={t('columns.title')} content={content} placement="bottomRight">
      <Button icon={<SettingOutlined />} data-testid="column-settings" aria-label={t('columns.title')} />
    </Popover>
  );
}
