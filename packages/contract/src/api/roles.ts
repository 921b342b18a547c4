import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { ALL_FUN_CODES } from '../menus.ts';
import { DescriptionSchema, NameSchema } from '../rules/identity.ts';
import { registerRuleMessages } from '../rules/messages.ts';
import { defineCall } from './define.ts';

/**
 * Roles of the current company (core §3 "Role", §4 hierarchy, §6; issue 4). Each role type has an
 * undeletable default role; custom roles come only from Operator and Read-only and hold a subset of
 * their type's functions. Privileges are funCodes of the permission tree (permissions.ts).
 */

registerRuleMessages({
  funCodeUnknown: { en: 'Unknown privilege', cn: '未知的权限' },
});

const Id = z.coerce.number().int().positive();
const FunCodesSchema = z
  .array(z.string().refine((c) => ALL_FUN_CODES.includes(c), { error: 'funCodeUnknown' }))
  .max(ALL_FUN_CODES.length)
  .transform((codes) => [...new Set(codes)]);

export const RoleRowSchema = z.object({
  roleId: z.number().int(),
  roleName: z.string(),
  roleType: z.number(),
  description: z.string(),
  /** Default roles cannot be altered or deleted (14023). */
  isDefault: z.boolean(),
  userCount: z.number().int(),
});
export type RoleRow = z.infer<typeof RoleRowSchema>;

export const RoleDetailSchema = RoleRowSchema.extend({
  funCodes: z.array(z.string()),
  /** The functions this role may be given: its type's defaults. */
  grantable: z.array(z.string()),
});
export type RoleDetail = z.infer<typeof RoleDetailSchema>;

export const roleListCall = defineCall({
  id: 'roles.list',
  method: 'POST',
  path: '/pl/role/getRoleList',
  input: PageQuerySchema.extend({ roleName: z.string().trim().max(50).optional() }).strict(),
  output: pageSchema(RoleRowSchema),
  permission: 'roles.view',
  adminOnly: true,
  paged: true,
  summary: 'Roles of the current company, highest type first, default roles before custom ones',
});

export const getRoleCall = defineCall({
  id: 'roles.get',
  method: 'POST',
  path: '/pl/role/getRoleById',
  input: z.strictObject({ roleId: Id }),
  output: RoleDetailSchema,
  permission: 'roles.view',
  adminOnly: true,
  summary: 'One role with its privileges (the role editor, /operation/userManager/role/jurisdiction/{id})',
});

export const createRoleCall = defineCall({
  id: 'roles.create',
  method: 'POST',
  path: '/pl/role/addRole',
  input: z.strictObject({
    roleName: NameSchema,
    /** Operator (1) or Read-only (0); any other type is 700003. */
    roleType: z.number(),
    description: DescriptionSchema.optional(),
    funCodes: FunCodesSchema,
  }),
  output: z.object({ roleId: z.number().int() }),
  permission: 'roles.create',
  adminOnly: true,
  mutates: true,
  summary: 'Make a custom role from the Operator or Read-only type with a subset of its functions',
});

export const updateRoleCall = defineCall({
  id: 'roles.update',
  method: 'POST',
  path: '/pl/role/updateRole',
  input: z.strictObject({
    roleId: Id,
    roleName: NameSchema.optional(),
    description: DescriptionSchema.optional(),
    funCodes: FunCodesSchema.optional(),
  }),
  output: z.null(),
  permission: 'roles.edit',
  adminOnly: true,
  mutates: true,
  summary: 'Rename a custom role or change its privileges (14023 default, 14026 own or equal, 14027 higher)',
});

export const deleteRoleCall = defineCall({
  id: 'roles.delete',
  method: 'POST',
  path: '/pl/role/deleteRole',
  input: z.strictObject({ roleId: Id }),
  output: z.null(),
  permission: 'roles.remove',
  adminOnly: true,
  mutates: true,
  summary: 'Delete a custom role without users (14023 default, 14024 has users)',
});

export const ROLE_CALLS = [
  roleListCall,
  getRoleCall,
  createRoleCall,
  updateRoleCall,
  deleteRoleCall,
] as const;
