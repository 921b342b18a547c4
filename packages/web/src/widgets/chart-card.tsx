import { DeleteOutlined, EditOutlined, EyeInvisibleOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelCard } from './panel-card.tsx';

export interface ChartCardProps {
  title: ReactNode;
  /** Cards the platform ships with cannot be edited or deleted, only hidden. */
  isDefault: boolean;
  /** Whether the user's role may change dashboard cards. */
  canEdit: boolean;
  onHide: () => void;
  onEdit: () => void;
  onDelete: () => void;
  children: ReactNode;
}

/** A dashboard card around one chart, with hide, edit and delete (core §2). */
export function ChartCard({ title, isDefault, canEdit, onHide, onEdit, onDelete, children }: ChartCardProps) {
  const { t } = useTranslation('widgets');
  const editable = !isDefault && canEdit;
  const actions = (
    <Space size={0}>
      <Button type="link" size="small" icon={<EyeInvisibleOutlined />} onClick={onHide}>
        {t('chart.hide')}
      </Button>
      {editable && (
        <Button type="link" size="small" icon={<EditOutlined />} onClick={onEdit}>
          {t('chart.edit')}
        </Button>
      )}
      {editable && (
        <Popconfirm
          title={t('chart.deleteConfirm', { title: typeof title === 'string' ? title : '' })}
          okText={t('chart.delete')}
          cancelText={t('common:cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={onDelete}
        >
          <Button type="link" size="small" danger icon={<DeleteOutlined />}>
            {t('chart.delete')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
  return (
    <PanelCard title={title} extra={actions}>
      {children}
    </PanelCard>
  );
}
