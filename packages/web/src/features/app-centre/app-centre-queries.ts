import { getPackageCall, listPackagesCall, searchTargetCompaniesCall } from '@fleetport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';

/** Query keys of the app centre; the list kit keeps the catalogue's pages under its call id. */
export const appCentreKeys = {
  catalogue: [listPackagesCall.id] as const,
  packages: [getPackageCall.id] as const,
  package: (packageId: number) => [getPackageCall.id, packageId] as const,
  companies: (search: string) => [searchTargetCompaniesCall.id, search] as const,
};

/** Every query a change to a version shows in: the catalogue and the open package. */
export const CATALOGUE_CHANGES = [appCentreKeys.catalogue, appCentreKeys.packages];

export function usePackage(packageId: number | null) {
  return useQuery({
    queryKey: appCentreKeys.package(packageId ?? 0),
    queryFn: () => apiCall(getPackageCall, { packageId: packageId! }),
    enabled: packageId !== null,
  });
}

/** Companies to choose as target customers (the Super Admin's picker), by part of their name. */
export function useTargetCompanies(search: string, enabled: boolean) {
  return useQuery({
    queryKey: appCentreKeys.companies(search),
    queryFn: () => apiCall(searchTargetCompaniesCall, { search }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
