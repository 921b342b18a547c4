/** The device details page of a device (features/device-details), by SN. */
export const deviceDetailsPath = (sn: string) => `/robustlink/device/deviceDetails/${encodeURIComponent(sn)}`;
