import type { UserInfo, VisitApp } from '@fleetport/contract';

/** Test-only: the visitable menus of a role holding `funCodes`, as getVisitMenus answers them. */
export function menusHolding(funCodes: readonly string[]): VisitApp[] {
  return [
    {
      appName: 'platform',
      appId: 3,
      mfs: [
        {
          menuName: 'Users',
          menuId: '1',
          menuCode: 'operation.user',
          menuDesc: '',
          loadRes: '/operation/userManager/user',
          foldIcon: '',
          menuNameLanguageKey: 'menu.operation.user',
          funList: funCodes.map((funCode) => ({ funCode })),
          children: [],
        },
      ],
    },
  ];
}

export const signedInUser = (roleType: number, userId = 3): UserInfo => ({
  userName: 'Ada',
  userId,
  loginAccount: 'ada@example.com',
  roleType,
  roleName: 'Owner',
  roleId: 1,
  companyId: 7,
  companyName: 'Acme',
  rootGroupId: 70,
  groupType: 0,
  isDelete: 0,
  initialPwd: 0,
});
