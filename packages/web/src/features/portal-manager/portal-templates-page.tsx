import { deletePortalTemplateCall, ErrorCode, type PortalTemplateRow } from '@fleetport/contract';
import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { Can, PageGate } from '../../app/permissions.tsx';
import { addNamespaces } from '../../i18n/index.ts';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { portalManager } from './portal-manager.i18n.ts';
import { portalKeys, usePortalTemplates } from './portal-queries.ts';

addNamespaces({ portalManager });

export const portalDetailPath = (id: number) => `/robustlink/portalManager/portalDetail/${id}`;

/** The company's portal templates (features §2 portalManager). */
export function PortalTemplatesPage() {
  return (
    <PageGate funCode="portalManager.view">
      <PortalTemplatesView />
    </PageGate>
  );
}

function PortalTemplatesView() {
  const { t } = useTranslation('portalManager');
  const { modal } = App.useApp();
  const templates = usePortalTemplates();
  // 900103 is silent in the catalogue: the dialog lists the routers to remove first.
  const remove = useCallMutation(deletePortalTemplateCall, {
    invalidates: [portalKeys.templates],
    silent: true,
    onError: (error) => {
      const sns = (error.data as { sns?: string[] } | null)?.sns;
      if (error.code === ErrorCode.PORTAL_TEMPLATE_HAS_DEVICES && sns)
        modal.warning({
          title: t('removeBlockedTitle'),
          content: (
            <div data-testid="portal-remove-blocked">
              {t('removeBlocked')}
              <ul translate="no">
                {sns.map((sn) => (
                  <li key={sn}>{sn}</li>
                ))}
              </ul>
            </div>
          ),
        });
      else modal.error({ title: error.message });
    },
  });

  return (
    <ListPage<PortalTemplateRow>
      title={t('title')}
      testId="portal-templates-page"
      tableTestId="portal-templates-table"
      rowKey="portalId"
      loading={templates.isLoading}
      rows={templates.data?.list ?? []}
      empty={{ description: t('empty') }}
      columns={[
        {
          key: 'name',
          dataIndex: 'name',
          title: t('columns.name'),
          render: (_v, row) => <Link to={portalDetailPath(row.portalId)}>{row.name}</Link>,
        },
        {
          key: 'languages',
          dataIndex: 'languages',
          title: t('columns.languages'),
          render: (_v, row) => row.languages.join(', '),
        },
        { key: 'deviceCount', dataIndex: 'deviceCount', title: t('columns.devices') },
        { key: 'version', dataIndex: 'version', title: t('columns.version') },
        {
          key: 'actions',
          title: t('columns.actions'),
          render: (_v, row) => (
            <Can funCode="portalManager.remove">
              <Popconfirm
                title={t('removeConfirm', { name: row.name })}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutateAsync({ portalId: row.portalId }).catch(() => {})}
              >
                <Button type="link" size="small" danger data-testid={`portal-remove-${row.portalId}`}>
                  {t('remove')}
                </Button>
              </Popconfirm>
            </Can>
          ),
        },
      ]}
    />
  );
}
