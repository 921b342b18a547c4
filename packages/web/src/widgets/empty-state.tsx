import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface EmptyStateProps {
  /** What is missing, in the page's words; defaults to "No data". */
  description?: ReactNode;
  /** An action that fills the emptiness, e.g. an "Add device" button. */
  children?: ReactNode;
}

/**
 * The panel shown where a list, chart or card has nothing to show: antd's simple "empty" picture
 * and its grey line, drawn here (antd's Empty brought its own style bundle to every chart card).
 */
export function EmptyState({ description, children }: EmptyStateProps) {
  const { t } = useTranslation('widgets');
  const text = description ?? t('empty');
  return (
    <div
      style={{
        margin: '32px 0',
        textAlign: 'center',
        fontSize: 14,
        lineHeight: 1.5714,
        color: 'rgba(0, 0, 0, 0.45)',
      }}
    >
      <div style={{ height: 40, marginBottom: 8 }}>
        <svg
          width="64"
          height="41"
          viewBox="0 0 64 41"
          xmlns="http://www.w3.org/2000/svg"
          style={{ height: '100%' }}
        >
          <title>{t('empty')}</title>
          <g transform="translate(0 1)" fill="none" fillRule="evenodd">
            <ellipse fill="#f5f5f5" cx="32" cy="33" rx="32" ry="7" />
            <g fillRule="nonzero" stroke="#d9d9d9">
              <path d="M55 12.8 44.9 1.3Q44 0 42.9 0H21.1q-1.2 0-2 1.3L9 12.8V22h46z" />
              <path
                d="M41.6 16c0-1.7 1-3 2.2-3H55v18.1c0 2.2-1.3 3.9-3 3.9H12c-1.7 0-3-1.7-3-3.9V13h11.2c1.2 0 2.2 1.3 2.2 3s1 2.9 2.2 2.9h14.8c1.2 0 2.2-1.4 2.2-3"
                fill="#fafafa"
              />
            </g>
          </g>
        </svg>
      </div>
      <div>{text}</div>
      {children && <div style={{ marginTop: 16 }}>{children}</div>}
    </div>
  );
}
