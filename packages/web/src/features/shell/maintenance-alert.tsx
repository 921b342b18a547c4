import { Alert } from 'antd';

/** The maintenance banner (loaded by MaintenanceNotice only when a maintenance is announced). */
export function MaintenanceAlert({ title, description }: { title: string; description: string }) {
  return (
    <Alert
      data-testid="maintenance-notice"
      type="warning"
      showIcon
      banner
      title={title}
      description={description}
      closable
    />
  );
}
