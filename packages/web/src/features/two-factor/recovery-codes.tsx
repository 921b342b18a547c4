import { useTranslation } from 'react-i18next';

/** The 10 recovery codes, shown once (after an enrolment at sign-in or on My Account). */
export function RecoveryCodeList({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation('twoFactor');
  return (
    <div data-testid="recovery-codes">
      <p>{t('recovery.text')}</p>
      <ol
        translate="no"
        style={{ fontFamily: 'monospace', columns: 2, paddingLeft: 24, margin: '12px 0' }}
        aria-label={t('recovery.title')}
      >
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The authenticator key as a QR code (drawn by the server) and as text to type. */
export function EnrolmentKey({ qrImage, secret }: { qrImage: string; secret: string }) {
  const { t } = useTranslation('twoFactor');
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center', margin: '12px 0' }}>
      <img src={qrImage} alt={t('step.qrAlt')} width={160} height={160} data-testid="two-factor-qr" />
      <div>
        <div>{t('step.key')}</div>
        <code translate="no" data-testid="two-factor-secret" style={{ wordBreak: 'break-all' }}>
          {secret}
        </code>
      </div>
    </div>
  );
}
