import { describe, expect, it } from 'vitest';
import { guardRedirect, isPublicPath } from './navigation-guard.ts';

const base = { hasTicket: true, userName: 'Ada', hostname: 'console.example.com' };

describe('navigation guard', () => {
  it('lets every public route of core §2 through without a ticket', () => {
    for (const path of [
      '/login',
      '/index',
      '/ssoLogin',
      '/companyTips',
      '/authorize',
      '/emailToLogin',
      '/resetPassword',
      '/client',
      '/register',
      '/unsubscribe',
      '/azureLogin',
      '/azure',
      '/seeShareFile/42',
      '/companyList',
    ]) {
      expect(isPublicPath(path), path).toBe(true);
      expect(guardRedirect({ ...base, hasTicket: false, pathname: path }), path).toBeNull();
    }
    expect(isPublicPath('/selectCompany')).toBe(false);
    expect(isPublicPath('/seeShareFile')).toBe(false);
  });

  it('sends a signed-out user to /login on local hosts and /index elsewhere', () => {
    const signedOut = { ...base, hasTicket: false, userName: null };
    expect(guardRedirect({ ...signedOut, pathname: '/robustlink/dashboard' })).toBe('/index');
    expect(guardRedirect({ ...signedOut, pathname: '/', hostname: 'localhost' })).toBe('/login');
    expect(guardRedirect({ ...signedOut, pathname: '/myAccount', hostname: '127.0.0.1' })).toBe('/login');
  });

  it('opens /superAdmin only to the user named Super Admin', () => {
    expect(guardRedirect({ ...base, pathname: '/superAdmin/myAccount' })).toBe('/login');
    expect(guardRedirect({ ...base, userName: 'Super Admin', pathname: '/superAdmin/myAccount' })).toBeNull();
  });

  it('sends the Super Admin away from the company consoles', () => {
    const admin = { ...base, userName: 'Super Admin' };
    expect(guardRedirect({ ...admin, pathname: '/robustlink/dashboard' })).toBe('/index');
    expect(guardRedirect({ ...admin, pathname: '/selectCompany', hostname: 'localhost' })).toBe('/login');
    expect(guardRedirect({ ...admin, pathname: '/index' })).toBeNull();
  });

  it('lets a signed-in user into the shell', () => {
    expect(guardRedirect({ ...base, pathname: '/vpn/groups' })).toBeNull();
  });
});
