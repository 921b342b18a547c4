import {
  ErrorCode,
  type InstallerLicenceAnswer,
  type InstallerLicenceState,
  openInstallerState,
  verifyInstallerLicenceCall,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiCall } from '../../api/client.ts';

export const INSTALLER_KEYS = {
  all: ['installerConsole'] as const,
  licence: ['installerConsole', 'licence'] as const,
  status: ['installerConsole', 'status'] as const,
  dashboard: ['installerConsole', 'dashboard'] as const,
};

/** The console reads the licence again this often, so a period ending while a page is open freezes it. */
const RECHECK_MS = 60_000;

export interface InstallerLicence extends InstallerLicenceAnswer {
  /** What the console opened from the sealed state (USING only if it opens to the salt). */
  opened: InstallerLicenceState;
}

/** The licence check: 190326 (the trial) is an answer too, with the same data. */
async function checkLicence(): Promise<InstallerLicence> {
  let answer: InstallerLicenceAnswer;
  try {
    answer = await apiCall(verifyInstallerLicenceCall, {}, { silent: true });
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== ErrorCode.INSTALLER_TRIAL) throw error;
    answer = error.data as InstallerLicenceAnswer;
  }
  return { ...answer, opened: await openInstallerState(answer) };
}

export function useInstallerLicence() {
  return useQuery({ queryKey: INSTALLER_KEYS.licence, queryFn: checkLicence, refetchInterval: RECHECK_MS });
}
