import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { type RefObject, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface FullScreenToggleProps {
  /** The panel to show full screen; the whole page when absent. */
  target?: RefObject<HTMLElement | null>;
}

/** Switches a panel (a dashboard, a map, a terminal) into the browser's full-screen mode and back. */
export function FullScreenToggle({ target }: FullScreenToggleProps) {
  const { t } = useTranslation('widgets');
  const [isFull, setIsFull] = useState(false);

  useEffect(() => {
    // Esc or the browser's own control leaves full screen too; follow it.
    const follow = () => setIsFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);

  const toggle = useCallback(async () => {
    if (document.fullscreenElement) await document.exitFullscreen();
    else await (target?.current ?? document.documentElement).requestFullscreen();
  }, [target]);

  const label = isFull ? t('exitFullScreen') : t('fullScreen');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        icon={isFull ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={() => void toggle().catch(() => setIsFull(false))}
      />
    </Tooltip>
  );
}
