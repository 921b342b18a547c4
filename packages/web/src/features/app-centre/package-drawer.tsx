import {
  deletePackageVersionCall,
  formatBytes,
  formatDateTime,
  type PackageDetail,
  type PackageVersion,
  PUBLISH_STATE_LABELS,
  type StoredFile,
  setPackagePublishedCall,
} from '@fleetport/contract';
import {
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Popconfirm,
  Space,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { useLang } from '../../app/use-lang.ts';
import { newRolloutPath } from '../rollouts/rollout-paths.ts';
import { CATALOGUE_CHANGES, usePackage } from './app-centre-queries.ts';
import { Allowed, type CatalogueMode, seriesName } from './catalogue-mode.tsx';
import { TargetDialog } from './target-dialog.tsx';
import type { UploadPreset } from './upload-dialog.tsx';

function FileLine({ file }: { file: StoredFile }) {
  const { t } = useTranslation('appCentre');
  return (
    <Space wrap size={4}>
      <a href={file.download.url} download={file.name} data-testid={`download-${file.fileId}`}>
        {file.name}
      </a>
      <Typography.Text type="secondary">{formatBytes(file.size)}</Typography.Text>
      <Tooltip title={file.sha256}>
        <Typography.Text type="secondary" copyable={{ text: file.sha256 }}>
          {t('detail.sha256')} {file.sha256.slice(0, 12)}…
        </Typography.Text>
      </Tooltip>
    </Space>
  );
}

function VersionCard({
  mode,
  pkg,
  version,
}: {
  mode: CatalogueMode;
  pkg: PackageDetail;
  version: PackageVersion;
}) {
  const { t } = useTranslation('appCentre');
  const lang = useLang();
  const { message } = App.useApp();
  const [targeting, setTargeting] = useState(false);
  const vars = { version: version.version };
  const publish = useCallMutation(setPackagePublishedCall, {
    invalidates: CATALOGUE_CHANGES,
    onSuccess: (v) => message.success(t(v.published ? 'detail.published' : 'detail.unpublished', vars)),
  });
  const remove = useCallMutation(deletePackageVersionCall, {
    invalidates: CATALOGUE_CHANGES,
    onSuccess: () => message.success(t('detail.deleted', vars)),
  });
  const locked = version.published
    ? t('detail.deletePublished')
    : version.inUse
      ? t('detail.inUse')
      : undefined;
  const target = version.target;
  return (
    <Card
      size="small"
      data-testid={`version-${version.version}`}
      title={
        <Space>
          {t('detail.version', vars)}
          <Tag color={version.published ? 'green' : 'default'}>
            {PUBLISH_STATE_LABELS[version.published ? 'published' : 'unpublished'][lang]}
          </Tag>
          <Typography.Text type="secondary">{formatDateTime(version.createdAt)}</Typography.Text>
        </Space>
      }
      extra={
        <Space size={0}>
          {mode === 'company' ? (
            <Allowed mode={mode} funCode="firmware.apply">
              <Link
                to={newRolloutPath(pkg.packageId, version.versionId)}
                data-testid={`rollout-${version.version}`}
              >
                <Button type="link" size="small">
                  {t('detail.rollOut')}
                </Button>
              </Link>
            </Allowed>
          ) : null}
          {pkg.manageable && (
            <>
              <Allowed mode={mode} funCode="firmware.edit">
                <Popconfirm
                  title={t(version.published ? 'detail.unpublishConfirm' : 'detail.publishConfirm', vars)}
                  // Closes at once: the version's state changes under it when the answer comes.
                  onConfirm={() =>
                    publish.mutate({ versionId: version.versionId, published: !version.published })
                  }
                >
                  <Button type="link" size="small" data-testid={`publish-${version.version}`}>
                    {version.published ? t('detail.unpublish') : t('detail.publish')}
                  </Button>
                </Popconfirm>
              </Allowed>
              <Allowed mode={mode} funCode="firmware.remove">
                <Popconfirm
                  title={t('detail.deleteConfirm', vars)}
                  okButtonProps={{ danger: true }}
                  disabled={locked !== undefined}
                  onConfirm={() => remove.mutate({ versionId: version.versionId })}
                >
                  <Tooltip title={locked}>
                    <Button
                      type="link"
                      size="small"
                      danger
                      disabled={locked !== undefined}
                      data-testid={`delete-${version.version}`}
                    >
                      {t('detail.delete')}
                    </Button>
                  </Tooltip>
                </Popconfirm>
              </Allowed>
            </>
          )}
        </Space>
      }
    >
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('detail.packageFile')}>
          <FileLine file={version.file} />
        </Descriptions.Item>
        {version.logo && (
          <Descriptions.Item label={t('detail.logo')}>
            <FileLine file={version.logo} />
          </Descriptions.Item>
        )}
        {version.documents.length > 0 && (
          <Descriptions.Item label={t('detail.documents')}>
            <Flex vertical>
              {version.documents.map((doc) => (
                <FileLine key={doc.fileId} file={doc} />
              ))}
            </Flex>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('detail.compatibility')}>
          <Space wrap size={4} data-testid={`compatibility-${version.version}`}>
            {version.compatibility.map((fit) => (
              <Tooltip key={fit.model} title={fit.fits ? t('detail.fits') : t('detail.notFits')}>
                <Tag color={fit.fits ? 'green' : 'default'}>{fit.model}</Tag>
              </Tooltip>
            ))}
          </Space>
        </Descriptions.Item>
        {target ? (
          <Descriptions.Item label={t('detail.target')}>
            <Space wrap>
              <span data-testid={`target-${version.version}`}>
                {t(`targets.${target.kind}`)}
                {target.kind === 'companies' && `: ${target.companies.map((c) => c.name).join(', ')}`}
              </span>
              {mode === 'platform' && (
                <Button type="link" size="small" onClick={() => setTargeting(true)}>
                  {t('detail.editTarget')}
                </Button>
              )}
            </Space>
          </Descriptions.Item>
        ) : (
          // A platform version shows a company no target: whom else it went to is not its business.
          pkg.owner === 'own' && (
            <Descriptions.Item label={t('detail.target')}>{t('detail.privateApp')}</Descriptions.Item>
          )
        )}
        <Descriptions.Item label={t('detail.releaseNotes')}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
            {version.releaseNotes || (
              <Typography.Text type="secondary">{t('detail.noReleaseNotes')}</Typography.Text>
            )}
          </Typography.Paragraph>
        </Descriptions.Item>
      </Descriptions>
      {version.inUse && (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          {t('detail.inUse')}
        </Typography.Text>
      )}
      {mode === 'platform' && target && (
        <TargetDialog open={targeting} version={version} onClose={() => setTargeting(false)} />
      )}
    </Card>
  );
}

/** A package's page: its version history, each version's files, compatibility per model and publication. */
export function PackageDrawer({
  mode,
  packageId,
  onClose,
  onAddVersion,
}: {
  mode: CatalogueMode;
  packageId: number | null;
  onClose: () => void;
  onAddVersion: (preset: UploadPreset) => void;
}) {
  const { t } = useTranslation('appCentre');
  const query = usePackage(packageId);
  // A deleted last version leaves no package: the drawer closes on the refusal (160030).
  const pkg = query.data;
  const latest = pkg?.versions[0];
  return (
    <Drawer
      open={packageId !== null}
      onClose={onClose}
      size={760}
      destroyOnHidden
      title={pkg && latest ? t('detail.title', { name: latest.name, packageName: pkg.packageName }) : ' '}
      extra={
        pkg?.manageable &&
        latest && (
          <Allowed mode={mode} funCode="firmware.create">
            <Button
              onClick={() =>
                onAddVersion({
                  kind: pkg.kind,
                  name: latest.name,
                  packageName: pkg.packageName,
                  series: pkg.series,
                  models: latest.models,
                })
              }
              data-testid="package-add-version"
            >
              {t('detail.addVersion')}
            </Button>
          </Allowed>
        )
      }
      data-testid="package-drawer"
    >
      {pkg ? (
        <Flex vertical gap={12}>
          <Space wrap>
            <Tag color={pkg.kind === 'firmware' ? 'blue' : 'purple'}>{t(`kinds.${pkg.kind}`)}</Tag>
            <span>{seriesName(pkg.series)}</span>
          </Space>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('detail.history')}
          </Typography.Title>
          {pkg.versions.map((version) => (
            <VersionCard key={version.versionId} mode={mode} pkg={pkg} version={version} />
          ))}
        </Flex>
      ) : (
        query.isError && <Empty />
      )}
    </Drawer>
  );
}
