import { Result } from 'antd';

/** The refusal a role without a page's view code sees (app/permissions.tsx loads it on demand). */
export function ForbiddenResult({ title, subTitle }: { title: string; subTitle: string }) {
  return <Result status="403" title={title} subTitle={subTitle} />;
}
