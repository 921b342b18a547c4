import { z } from 'zod';
import { defineCall } from './define.ts';

/**
 * Reading a group's administrators and the people who can become one, for the console's
 * "Administrators" control; the change itself is `setGroupAdminCall` (device-groups.ts).
 */

export const GroupAdminSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  loginAccount: z.string(),
});
export type GroupAdmin = z.infer<typeof GroupAdminSchema>;

/** People one candidate search returns at most: the select narrows by typing. */
export const GROUP_ADMIN_CANDIDATES_MAX = 20;

export const getGroupAdminsCall = defineCall({
  id: 'deviceGroups.admins',
  method: 'POST',
  path: '/link/device/getGroupAdministrators',
  input: z.strictObject({ groupId: z.number().int().positive() }),
  output: z.array(GroupAdminSchema),
  permission: 'groups.view',
  summary: "A group's administrators with their names",
});

export const searchGroupAdminCandidatesCall = defineCall({
  id: 'deviceGroups.adminCandidates',
  method: 'POST',
  path: '/link/device/searchGroupAdministratorCandidates',
  input: z.strictObject({ keyword: z.string().trim().max(254).default('') }),
  output: z.array(GroupAdminSchema),
  // Only those who may choose administrators see the company's people here.
  permission: 'groups.edit',
  summary: `People of the company matching a name or account (at most ${GROUP_ADMIN_CANDIDATES_MAX}), to choose group administrators`,
});

export const GROUP_ADMIN_CALLS = [getGroupAdminsCall, searchGroupAdminCandidatesCall] as const;
