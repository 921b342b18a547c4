import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { funCodesOf } from '../features/shell/menu-model.ts';
import { useVisitMenus } from '../features/shell/shell-queries.ts';

/**
 * The funCodes the signed-in role holds, read from the server's visitable menus (core §6
 * "Permissions"): the same keys the server checks each call against, so a hidden button is also a
 * refused call. Until the menus arrive nothing is granted.
 */
export function useFunCodes(): { codes: ReadonlySet<string>; loading: boolean } {
  const menus = useVisitMenus();
  const codes = useMemo(() => funCodesOf(menus.data ?? []), [menus.data]);
  return { codes, loading: menus.isLoading };
}

/** Whether the role holds `funCode` (e.g. `users.create`). */
export function usePermission(funCode: string): boolean {
  return useFunCodes().codes.has(funCode);
}

/** Renders its children only when the role holds `funCode`; `fallback` otherwise. */
export function Can({
  funCode,
  children,
  fallback = null,
}: {
  funCode: string;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return usePermission(funCode) ? children : fallback;
}

// antd's Result carries three large pictures (~10 KB gzip): loaded only when a page is refused.
const ForbiddenResult = lazy(() =>
  import('./forbidden-result.tsx').then((m) => ({ default: m.ForbiddenResult })),
);

/**
 * Around a whole page: a role without the page's view code sees a refusal instead of the page, so
 * typing the address of a forbidden area opens nothing (and no call is sent).
 */
export function PageGate({ funCode, children }: { funCode: string; children: ReactNode }) {
  const { t } = useTranslation('operation');
  const { codes, loading } = useFunCodes();
  if (loading) return null;
  if (!codes.has(funCode))
    return (
      <div data-testid="page-forbidden">
        <Suspense fallback={null}>
          <ForbiddenResult title={t('forbidden.title')} subTitle={t('forbidden.text')} />
        </Suspense>
      </div>
    );
  return children;
}
