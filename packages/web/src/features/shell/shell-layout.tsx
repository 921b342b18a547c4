import { App, Flex, Layout } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { setCanOpenLicences } from '../../api/session-hooks.ts';
import { Spinner } from '../../widgets/spinner.tsx';
import { rememberApp } from '../auth/session-store.ts';
import { myAccountPathFor } from './account-path.ts';
import { activeMenuFor, areaOfPath } from './console-areas.ts';
import { LeftMenu } from './left-menu.tsx';
import { funCodesOf, type MenuApp, menuPages } from './menu-model.ts';
import { useMenuCollapsed } from './narrow-screen.ts';
import { ShellFooter } from './shell-footer.tsx';
import { HEADER_HEIGHT, ShellHeader } from './shell-header.tsx';
import { InstructionAndNotesDialogs, MaintenanceNotice, useInitialPasswordPrompt } from './shell-notices.tsx';
import { useUserInfo, useVisitMenus } from './shell-queries.ts';
import { dispatchTabs, peekTabs, useWorkspaceTabs } from './tabs-store.ts';
import { WorkspaceTabs } from './workspace-tabs.tsx';

// The banner's query and the licences contract it reads load after the shell is shown, not with it:
// the console's first load stays within its budget (build/bundle-size.ts), and a shortage shows a
// moment later.
const LicenceBanner = lazy(() => import('./licence-banner.tsx').then((m) => ({ default: m.LicenceBanner })));
// A new release note, once per user, after the shell is drawn (its query and texts stay out of the first load).
const ReleaseNotePopup = lazy(() =>
  import('../release-notes/release-note-popup.tsx').then((m) => ({ default: m.ReleaseNotePopup })),
);

// Features being retired, to their users (core §9), after the shell is drawn; its text loads with it.
const RetirementBanner = lazy(() =>
  import('../super-admin/retirement-banner.tsx').then((m) => ({ default: m.RetirementBanner })),
);

/** Pages outside every console (My Account) stay in the console the user came from. */
const NO_APP = 'myAccount';

/**
 * The console shell: header, the current console's left menu, the tabbed workspace and the footer.
 * The route drives the tabs: every page the user opens becomes (or selects) a tab.
 */
export function ShellLayout() {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // A tab comes back with the list it showed (page, sort, filters live in the query string).
  const tabSearches = useRef(new Map<string, string>());
  useEffect(() => {
    tabSearches.current.set(pathname, search);
  }, [pathname, search]);
  const user = useUserInfo().data;
  const menus = useVisitMenus();
  const tabs = useWorkspaceTabs();
  const [menuCollapsed, setMenuCollapsed] = useMenuCollapsed();
  // Pages outside every console (My Account) show the console the user came from, else the first.
  const segment =
    areaOfPath(pathname)?.segment ??
    (tabs.app && tabs.app !== NO_APP ? tabs.app : (menus.apps[0]?.segment ?? null));
  const currentApp: MenuApp | undefined = menus.apps.find((app) => app.segment === segment);
  const accountPath = myAccountPathFor(user, segment);

  /** Opens (or selects) the tab of a page and warns when the leftmost one is pushed out. */
  const openTab = useCallback(
    (path: string) => {
      const app = areaOfPath(path)?.segment ?? peekTabs().app ?? NO_APP;
      if (dispatchTabs({ type: 'open', app, path })) {
        void message.warning({ content: t('tabs.maxWarning'), key: 'max-tabs', duration: 5 });
      }
    },
    [message, t],
  );

  // The route drives the tabs: every page shown becomes (or selects) a tab.
  useEffect(() => {
    if (pathname !== '/') openTab(pathname);
  }, [pathname, openTab]);

  useEffect(() => {
    if (currentApp) rememberApp(currentApp.appId);
  }, [currentApp]);

  useEffect(() => {
    const codes = funCodesOf(menus.data ?? []);
    setCanOpenLicences(() => codes.has('licenses.view'));
  }, [menus.data]);

  // flushSync: a page that is still loading would otherwise hold the route back in a transition,
  // and a quick second click would replace it before its tab was ever opened.
  const open = useCallback((path: string) => void navigate(path, { flushSync: true }), [navigate]);
  useInitialPasswordPrompt(user, myAccountPathFor(user, null), open);

  function closeTab(path: string) {
    const wasActive = tabs.active === path;
    dispatchTabs({ type: 'close', path });
    if (!wasActive) return;
    const remaining = tabs.tabs.filter((tab) => tab.path !== path);
    const index = tabs.tabs.findIndex((tab) => tab.path === path);
    navigate(remaining[Math.min(index, remaining.length - 1)]?.path ?? '/');
  }

  return (
    <Layout style={{ height: '100vh' }} data-testid="shell">
      <Layout.Header style={{ height: HEADER_HEIGHT, lineHeight: 'normal', padding: 0 }}>
        <ShellHeader
          apps={menus.apps}
          segment={segment}
          user={user}
          myAccountPath={accountPath}
          onNavigate={open}
          onOpenApp={(app) => {
            const first = menuPages(app.nodes)[0]?.path;
            if (first) open(first);
          }}
        />
      </Layout.Header>
      <Layout>
        <Layout.Sider
          width={220}
          collapsible
          collapsed={menuCollapsed}
          onCollapse={setMenuCollapsed}
          collapsedWidth={64}
          data-testid={menuCollapsed ? 'left-menu-collapsed' : 'left-menu-open'}
          theme="light"
          style={{ overflow: 'auto', borderInlineEnd: '1px solid #f0f0f0' }}
        >
          {menus.isLoading ? (
            <Flex justify="center" style={{ padding: 24 }}>
              <Spinner />
            </Flex>
          ) : (
            <LeftMenu
              key={segment ?? 'none'}
              nodes={currentApp?.nodes ?? []}
              activePath={activeMenuFor(pathname)}
              myAccountPath={accountPath}
              onOpen={open}
            />
          )}
        </Layout.Sider>
        <Layout style={{ minWidth: 0 }}>
          <Suspense fallback={null}>
            <LicenceBanner segment={segment} onOpen={open} />
          </Suspense>
          <Suspense fallback={null}>
            <ReleaseNotePopup />
          </Suspense>
          <Suspense fallback={null}>
            <RetirementBanner />
          </Suspense>
          <MaintenanceNotice />
          <div style={{ background: '#fff', padding: '4px 8px 0' }}>
            <WorkspaceTabs
              state={tabs}
              onSelect={(path) => navigate(path + (tabSearches.current.get(path) ?? ''))}
              onClose={closeTab}
              onCloseOthers={(path) => {
                dispatchTabs({ type: 'closeOthers', path });
                navigate(path);
              }}
              onClear={() => {
                dispatchTabs({ type: 'clear' });
                navigate('/');
              }}
            />
          </div>
          <Layout.Content style={{ overflow: 'auto', padding: 16 }} data-testid="workspace">
            <Suspense
              fallback={
                <Flex justify="center" style={{ padding: 48 }}>
                  <Spinner />
                </Flex>
              }
            >
              <Outlet />
            </Suspense>
          </Layout.Content>
          <ShellFooter />
        </Layout>
      </Layout>
      <InstructionAndNotesDialogs waiting={!user || user.initialPwd === 1} />
    </Layout>
  );
}
