import { InputNumber, type InputNumberProps } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Ant Design's number input with its step buttons labelled in the console's language: antd names
 * them "Increase Value" / "Decrease Value" whatever its locale, and a screen reader reads that out.
 * The labels are set on the rendered buttons after each render; React never rewrites them, since
 * antd passes the same English value every time.
 */
export function NumberInput<T extends number | string = number>(props: InputNumberProps<T>) {
  const { t } = useTranslation('widgets');
  const box = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const steps = box.current?.querySelectorAll('[role="button"]') ?? [];
    for (const step of Array.from(steps)) {
      const up = step.className.includes('-up');
      step.setAttribute('aria-label', up ? t('number.increase') : t('number.decrease'));
    }
  });
  return (
    <span ref={box} style={{ display: 'contents' }}>
      <InputNumber<T> {...props} />
    </span>
  );
}
