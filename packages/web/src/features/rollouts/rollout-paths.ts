/** Where the rollouts live in the device console. */
export const ROLLOUTS_PATH = '/robustlink/devices/appCentre/rollouts';
export const rolloutPath = (id: number) => `${ROLLOUTS_PATH}/${id}`;
/** The list with the new-rollout dialog open for one version (from the app centre's version history). */
export const newRolloutPath = (packageId: number, versionId: number) =>
  `${ROLLOUTS_PATH}?newPackage=${packageId}&newVersion=${versionId}`;
