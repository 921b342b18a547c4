import { Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface EmptyStateProps {
  /** What is missing, in the page's words; defaults to "No data". */
  description?: ReactNode;
  /** An action that fills the emptiness, e.g. an "Add device" button. */
  children?: ReactNode;
}

/** The panel shown where a list, chart or card has nothing to show. */
export function EmptyState({ description, children }: EmptyStateProps) {
  const { t } = useTranslation('widgets');
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description ?? t('empty')}>
      {children}
    </Empty>
  );
}
