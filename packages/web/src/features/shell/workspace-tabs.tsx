import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/use-lang.ts';
import { pageTitle } from './page-title.ts';
import type { TabsState } from './tabs-state.ts';

export interface WorkspaceTabsProps {
  state: TabsState;
  onSelect: (path: string) => void;
  onClose: (path: string) => void;
  onCloseOthers: (path: string) => void;
  onClear: () => void;
}

/** The tab strip above the workspace (core §2 "Tabbed workspace"). */
export function WorkspaceTabs({ state, onSelect, onClose, onCloseOthers, onClear }: WorkspaceTabsProps) {
  const { t } = useTranslation('shell');
  const lang = useLang();
  if (state.tabs.length === 0) return null;
  const active = state.active ?? state.tabs[0]!.path;
  return (
    <Tabs
      data-testid="workspace-tabs"
      type="editable-card"
      hideAdd
      size="small"
      // antd reads these two labels from here only, not from its locale: 'remove' otherwise.
      locale={{ removeAriaLabel: t('tabs.close'), dropdownAriaLabel: t('tabs.more') }}
      activeKey={active}
      onChange={onSelect}
      onEdit={(key, action) => {
        if (action === 'remove' && typeof key === 'string') onClose(key);
      }}
      tabBarStyle={{ margin: 0 }}
      tabBarExtraContent={
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              {
                key: 'closeOthers',
                label: <span data-testid="tabs-close-others">{t('tabs.closeOthers')}</span>,
              },
              { key: 'clear', label: <span data-testid="tabs-clear">{t('tabs.clear')}</span> },
            ],
            onClick: ({ key }) => (key === 'clear' ? onClear() : onCloseOthers(active)),
          }}
        >
          <Button size="small" type="text" aria-label={t('tabs.actions')} data-testid="tabs-actions">
            <DownOutlined />
          </Button>
        </Dropdown>
      }
      items={state.tabs.map((tab) => ({
        key: tab.path,
        closable: true,
        label: (
          <span data-testid="workspace-tab" data-path={tab.path}>
            {pageTitle(tab.path, t, lang, tab.title)}
          </span>
        ),
      }))}
    />
  );
}
