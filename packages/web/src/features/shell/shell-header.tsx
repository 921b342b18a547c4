import { AppstoreOutlined, BellOutlined, DownOutlined, UserOutlined } from '@ant-design/icons';
import type { UserInfo } from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Dropdown, Flex, Popover, Tag } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLive } from '../../api/live.ts';
import { LanguageSwitch } from '../../app/language-switch.tsx';
import { usePermission } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { PlainList } from '../../widgets/plain-list.tsx';
import { signOut } from '../auth/logout.ts';
import { CompanySwitch } from '../companies/company-switch.tsx';
import { useLatestUnread, useUnreadNotifications } from '../device-notifications/notification-queries.ts';
import { EXPORT_RECORDS_PATH } from '../exports/api.ts';
import { pathOfPage } from './console-areas.ts';
import { HeaderBrand } from './header-brand.tsx';
import { consoleLabel } from './menu-labels.ts';
import type { MenuApp } from './menu-model.ts';
import { useOemDisplay, useShowNotes } from './shell-queries.ts';
import { currentVersionBadge } from './version-badge.ts';

const NOTIFICATIONS_PATH = pathOfPage('robustlink', 'noti');

const PartnerBrand = lazy(() =>
  import('../branding/partner-brand.tsx').then((m) => ({ default: m.PartnerBrand })),
);

export const HEADER_HEIGHT = 55;

export interface ShellHeaderProps {
  apps: MenuApp[];
  /** The console being shown. */
  segment: string | null;
  user: UserInfo | undefined;
  myAccountPath: string;
  onNavigate: (path: string) => void;
  onOpenApp: (app: MenuApp) => void;
}

/** The console name: the OEM names for the device and VPN consoles, the menu tree's otherwise. */
function useAppName(segment: string | null): string {
  const { t } = useTranslation();
  const lang = useLang();
  const oem = useOemDisplay().data;
  if (segment === 'robustlink' && oem?.rlinkDisplayName) return oem.rlinkDisplayName;
  if (segment === 'vpn' && oem?.rvpnDisplayName) return oem.rvpnDisplayName;
  return segment ? consoleLabel(segment, lang, t) : t('appName');
}

/**
 * The bell counts the caller's unread device notifications: the same query, kept live by the same
 * socket event, as the menu badge and the dashboard, so the three always agree. It lists the newest
 * ones (a grouped one as one line) and the platform notes below them.
 */
function NotificationsBell({ onNavigate }: { onNavigate: (path: string) => void }) {
  const { t } = useTranslation('shell');
  const canSee = usePermission('devices.view');
  useLive(useQueryClient(), canSee);
  const unread = useUnreadNotifications(canSee).data?.total ?? 0;
  const latest = useLatestUnread(canSee).data?.list ?? [];
  const notes = useShowNotes().data ?? [];
  const items = [
    ...latest.map((n) => ({ key: `n${n.id}`, text: n.content, path: NOTIFICATIONS_PATH })),
    ...notes.map((note, i) => ({ key: `p${i}`, text: note.content, path: undefined })),
  ];
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('header.notifications')}
      content={
        <PlainList
          data-testid="notifications-list"
          style={{ width: 320, maxHeight: 360, overflow: 'auto' }}
          items={items.map((item) => ({
            key: item.key,
            content: item.text,
            onClick: item.path ? () => onNavigate(item.path) : undefined,
          }))}
          empty={t('header.noNotifications')}
          footer={
            canSee && unread > 0 ? (
              <Button type="link" size="small" onClick={() => onNavigate(NOTIFICATIONS_PATH)}>
                {t('header.allNotifications', { count: unread })}
              </Button>
            ) : null
          }
        />
      }
    >
      <Button type="text" aria-label={t('header.notifications')} data-testid="notifications-bell">
        <Badge count={unread} overflowCount={99} size="small" data-testid="notifications-bell-count">
          <BellOutlined style={{ fontSize: 18, color: '#fff' }} />
        </Badge>
      </Button>
    </Popover>
  );
}

/** The 55 px header of core §9: logo and console name, switches, notifications and the user menu. */
export function ShellHeader({ apps, segment, user, myAccountPath, onNavigate, onOpenApp }: ShellHeaderProps) {
  const { t } = useTranslation('shell');
  const lang = useLang();
  const appName = useAppName(segment);
  const logo = useOemDisplay().data?.logoResPath;
  const badge = currentVersionBadge();
  return (
    <Flex
      data-testid="shell-header"
      align="center"
      justify="space-between"
      style={{ height: HEADER_HEIGHT, padding: '0 16px', background: '#001529', color: '#fff' }}
    >
      <Flex align="center" gap={12}>
        {/* A partner's customers see the nearest partner's logo and name (loaded after the shell). */}
        <Suspense fallback={<HeaderBrand logo={logo} name={appName} />}>
          <PartnerBrand name={appName} segment={segment} />
        </Suspense>
        {badge && (
          <Tag
            data-testid="version-badge"
            color={badge === 'beta' ? 'gold' : badge === 'dev' ? 'purple' : 'cyan'}
          >
            {t(`badge.${badge}`)}
          </Tag>
        )}
        {apps.length > 1 && (
          <Dropdown
            trigger={['click']}
            menu={{
              selectedKeys: segment ? [segment] : [],
              items: apps.map((app) => ({
                key: app.segment,
                label: <span data-testid="app-option">{consoleLabel(app.segment, lang, t)}</span>,
              })),
              onClick: ({ key }) => {
                const app = apps.find((a) => a.segment === key);
                if (app) onOpenApp(app);
              },
            }}
          >
            <Button
              type="text"
              style={{ color: '#fff' }}
              data-testid="app-switch"
              aria-label={t('header.switchApp')}
            >
              <AppstoreOutlined /> <DownOutlined />
            </Button>
          </Dropdown>
        )}
      </Flex>
      <Flex align="center" gap={8}>
        {/* The Super Admin belongs to no company. */}
        {user?.companyName && <CompanySwitch current={user.companyName} />}
        <LanguageSwitch />
        <NotificationsBell onNavigate={onNavigate} />
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'account', label: <span data-testid="user-menu-account">{t('header.myAccount')}</span> },
              {
                key: 'exports',
                label: <span data-testid="user-menu-exports">{t('header.exportRecords')}</span>,
              },
              { key: 'logout', label: <span data-testid="logout">{t('header.logout')}</span> },
            ],
            onClick: ({ key }) => {
              if (key === 'logout') void signOut();
              else onNavigate(key === 'exports' ? EXPORT_RECORDS_PATH : myAccountPath);
            },
          }}
        >
          <Button
            type="text"
            style={{ color: '#fff' }}
            data-testid="user-menu"
            aria-label={t('header.userMenu')}
          >
            <UserOutlined /> <span data-testid="user-name">{user?.userName ?? ''}</span> <DownOutlined />
          </Button>
        </Dropdown>
      </Flex>
    </Flex>
  );
}
