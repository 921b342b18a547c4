import { SERIES } from '@fleetport/contract';
import type { ReactNode } from 'react';
import { Can } from '../../app/permissions.tsx';

/**
 * Whose catalogue a page shows: the Super Admin's (the platform's packages; the Super Admin holds every
 * permission and no funCodes, and only it reaches /superAdmin) or a company's (its role's funCodes).
 */
export type CatalogueMode = 'platform' | 'company';

/** A button of the catalogue: always the Super Admin's; a company's when its role holds `funCode`. */
export function Allowed({
  mode,
  funCode,
  children,
}: {
  mode: CatalogueMode;
  funCode: string;
  children: ReactNode;
}) {
  return mode === 'platform' ? children : <Can funCode={funCode}>{children}</Can>;
}

/** A series as the console names it (`r1520` is R1520). */
export const seriesName = (id: string) => SERIES.find((s) => s.id === id)?.name ?? id;
