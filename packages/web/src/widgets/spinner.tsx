import { useTranslation } from 'react-i18next';

/**
 * A turning ring in the console's blue, the size of antd's Spin (20 px, 32 px large), drawn without
 * antd: it shows while a lazy page or the menu loads, before or beside antd's own code.
 */
export function Spinner({ large }: { large?: boolean }) {
  const { t } = useTranslation();
  const size = large ? 32 : 20;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 40 40"
      role="progressbar"
      aria-busy="true"
      aria-label={t('loading')}
    >
      <circle cx="20" cy="20" r="16" fill="none" stroke="rgba(22, 104, 220, 0.15)" strokeWidth="5" />
      <circle
        cx="20"
        cy="20"
        r="16"
        fill="none"
        stroke="#1668dc"
        strokeWidth="5"
        strokeDasharray="25 76"
        strokeLinecap="round"
      >
        <animateTransform
          attributeName="transform"
          type="rotate"
          from="0 20 20"
          to="360 20 20"
          dur="0.9s"
          repeatCount="indefinite"
        />
      </circle>
    </svg>
  );
}
