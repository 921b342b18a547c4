import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type Lang, WEEKDAY_LABELS, WEEKDAYS } from '@fleetport/contract';
import { Button, Checkbox, Flex, TimePicker, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../i18n/dayjs.ts';
import { MAX_RANGES, type RestrictionDraft } from './restriction-model.ts';

const TIME = 'HH:mm';

/** One row per weekday: the tick that opens the day and up to two UTC time ranges. */
export function DayWindows({
  days,
  onChange,
  lang,
}: {
  days: RestrictionDraft['days'];
  onChange: (days: RestrictionDraft['days']) => void;
  lang: Lang;
}) {
  const { t } = useTranslation('operation');
  return (
    <Flex vertical gap={8} data-testid="restriction-days">
      {WEEKDAYS.map((day) => {
        const entry = days[day];
        const set = (next: Partial<typeof entry>) => onChange({ ...days, [day]: { ...entry, ...next } });
        return (
          <Flex key={day} gap={12} align="center" wrap data-testid={`restriction-day-${day}`}>
            <Checkbox
              checked={entry.on}
              onChange={(e) => set({ on: e.target.checked })}
              style={{ width: 120 }}
            >
              {WEEKDAY_LABELS[day][lang]}
            </Checkbox>
            {entry.on && entry.windows.length === 0 && (
              <Typography.Text type="secondary">{t('restriction.allDay')}</Typography.Text>
            )}
            {entry.on &&
              entry.windows.map((w, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place in the list
                <Flex key={`${day}-${i}`} gap={4} align="center">
                  <TimePicker.RangePicker
                    format={TIME}
                    allowClear={false}
                    value={[dayjs(w.start, TIME), dayjs(w.end, TIME)]}
                    onChange={(range) => {
                      if (!range?.[0] || !range[1]) return;
                      const windows = [...entry.windows];
                      windows[i] = { start: range[0].format(TIME), end: range[1].format(TIME) };
                      set({ windows });
                    }}
                  />
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('restriction.removeRange')}
                    onClick={() => set({ windows: entry.windows.filter((_, j) => j !== i) })}
                  />
                </Flex>
              ))}
            {entry.on && entry.windows.length < MAX_RANGES && (
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={() => set({ windows: [...entry.windows, { start: '09:00', end: '18:00' }] })}
              >
                {t('restriction.addRange')}
              </Button>
            )}
          </Flex>
        );
      })}
    </Flex>
  );
}
