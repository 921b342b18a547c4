import { useLocation } from 'react-router';
import { PublicNoticePage } from '../../features/auth/public-notice-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';

/** Any path beginning "azure" is the public Microsoft sign-in (core §2); anything else does not exist. */
export function UnknownPathPage() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/azure')) return <PublicNoticePage notice="azure" />;
  return <NotFoundPage />;
}
