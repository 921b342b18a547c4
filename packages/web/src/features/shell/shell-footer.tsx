import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useVersions } from './shell-queries.ts';

export const FOOTER_HEIGHT = 40;

/** antd's secondary text colour (a Typography.Text here brought antd's editable text and its TextArea). */
const SECONDARY = { color: 'rgba(0, 0, 0, 0.45)' } as const;

/** The 40 px footer of core §9, with the platform version from /static/config.json. */
export function ShellFooter() {
  const { t } = useTranslation('shell');
  const version = useVersions().data?.version;
  return (
    <Flex
      data-testid="shell-footer"
      align="center"
      justify="center"
      gap={16}
      style={{ height: FOOTER_HEIGHT, borderTop: '1px solid #f0f0f0', background: '#fff', fontSize: 12 }}
    >
      <span style={SECONDARY}>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
      {version && <span style={SECONDARY}>{t('footer.version', { version })}</span>}
    </Flex>
  );
}
