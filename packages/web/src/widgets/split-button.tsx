import { DownOutlined } from '@ant-design/icons';
import { Button, type ButtonProps, Dropdown, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SplitButtonItem {
  key: string;
  label: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
}

export interface SplitButtonProps {
  /** The main action, run by the left part. */
  label: ReactNode;
  onClick: () => void;
  /** Related actions in the menu behind the arrow. */
  items: SplitButtonItem[];
  type?: ButtonProps['type'];
  icon?: ReactNode;
  disabled?: boolean;
  loading?: boolean;
  /** Names the arrow for screen readers; "More actions" by default. */
  menuLabel?: string;
}

/**
 * A main action with related ones behind an arrow (core §2 "split dropdown button"). Built from
 * Space.Compact + Dropdown + Button because Ant Design 6 deprecates Dropdown.Button.
 */
export function SplitButton({
  label,
  onClick,
  items,
  type = 'primary',
  icon,
  disabled,
  loading,
  menuLabel,
}: SplitButtonProps) {
  const { t } = useTranslation('widgets');
  const menu = {
    items: items.map(({ key, label: text, disabled: off, danger }) => ({
      key,
      label: text,
      disabled: off,
      danger,
    })),
    onClick: ({ key }: { key: string }) => items.find((item) => item.key === key)?.onClick(),
  };
  return (
    <Space.Compact>
      <Button type={type} icon={icon} disabled={disabled} loading={loading} onClick={onClick}>
        {label}
      </Button>
      <Dropdown menu={menu} disabled={disabled} trigger={['click']}>
        <Button
          type={type}
          disabled={disabled}
          icon={<DownOutlined />}
          aria-label={menuLabel ?? t('moreActions')}
        />
      </Dropdown>
    </Space.Compact>
  );
}
