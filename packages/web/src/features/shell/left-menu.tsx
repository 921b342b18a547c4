import {
  AppstoreOutlined,
  BellOutlined,
  BuildOutlined,
  ClusterOutlined,
  DashboardOutlined,
  FileOutlined,
  IdcardOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/use-lang.ts';
import { MENU_BADGES } from './menu-badges.tsx';
import { menuLabel } from './menu-labels.ts';
import type { MenuNode } from './menu-model.ts';

/** The contract names icons by role; unknown names fall back to a neutral one. */
const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  router: <WifiOutlined />,
  appstore: <AppstoreOutlined />,
  tool: <ToolOutlined />,
  file: <FileOutlined />,
  cluster: <ClusterOutlined />,
  idcard: <IdcardOutlined />,
  team: <TeamOutlined />,
  shop: <ShopOutlined />,
  bell: <BellOutlined />,
  build: <BuildOutlined />,
  setting: <SettingOutlined />,
  question: <QuestionCircleOutlined />,
};

type Item = Required<MenuProps>['items'][number];

export interface LeftMenuProps {
  nodes: MenuNode[];
  /** The menu entry to highlight (a detail page lights its list). */
  activePath: string;
  /** Where the always-present My Account entry leads. */
  myAccountPath: string;
  onOpen: (path: string) => void;
}

/** The left menu of core §2: the current console's groups from the server, then My Account. */
export function LeftMenu({ nodes, activePath, myAccountPath, onOpen }: LeftMenuProps) {
  const { t } = useTranslation('shell');
  const lang = useLang();
  const items = useMemo<Item[]>(() => {
    const toItem = (node: MenuNode): Item =>
      node.children.length
        ? {
            key: node.key,
            icon: node.icon ? (ICONS[node.icon] ?? <AppstoreOutlined />) : undefined,
            label: <span data-testid="menu-group">{menuLabel(node, lang)}</span>,
            children: node.children.map(toItem),
          }
        : {
            key: node.path ?? node.key,
            icon: node.icon ? ICONS[node.icon] : undefined,
            label: (
              <>
                <span data-testid="menu-item" data-path={node.path ?? ''}>
                  {menuLabel(node, lang)}
                </span>
                {node.path ? MENU_BADGES[node.path] : null}
              </>
            ),
          };
    return [
      ...nodes.map(toItem),
      { type: 'divider' },
      {
        key: myAccountPath,
        icon: <UserOutlined />,
        label: (
          <span data-testid="menu-item" data-path={myAccountPath}>
            {t('header.myAccount')}
          </span>
        ),
      },
    ];
  }, [nodes, lang, myAccountPath, t]);
  return (
    <Menu
      data-testid="left-menu"
      mode="inline"
      items={items}
      selectedKeys={[activePath]}
      defaultOpenKeys={nodes.filter((n) => n.children.length).map((n) => n.key)}
      onClick={({ key }) => {
        if (key.startsWith('/')) onOpen(key);
      }}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
