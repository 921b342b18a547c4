import { errorMessage, healthCall } from '@fleetport/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n/index.ts';
import { apiCall } from './client.ts';
import {
  SHELL_PATHS,
  setCanOpenLicences,
  setLogoutHandler,
  setNavigate,
  setPathReader,
} from './session-hooks.ts';
import { fakeServer, mountConsole } from './test-support.tsx';

const logout = vi.fn();
const navigate = vi.fn();

beforeEach(() => {
  logout.mockReset();
  navigate.mockReset();
  setLogoutHandler(logout);
  setNavigate(navigate);
  setCanOpenLicences(() => false);
  setPathReader(() => '/dashboard');
  mountConsole();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const dialog = () => screen.findByRole('dialog');
const button = (name: string | RegExp) => screen.getByRole('button', { name });

describe('codes that end the session', () => {
  it('shows one alert with message and code for several failing calls, then logs out once', async () => {
    fakeServer({ code: 3 });
    const calls = [apiCall(healthCall, {}), apiCall(healthCall, {}), apiCall(healthCall, {})];
    await Promise.allSettled(calls);
    await dialog();
    expect(screen.getAllByText(`${errorMessage(3, 'en')} (3)`)).toHaveLength(1);
    expect(logout).not.toHaveBeenCalled();
    fireEvent.click(button('OK'));
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
  });

  it.each([108, 14019, 20])('alerts and logs out for %i', async (code) => {
    fakeServer({ code });
    await expect(apiCall(healthCall, {})).rejects.toMatchObject({ code });
    expect(await screen.findByText(`${errorMessage(code, 'en')} (${code})`)).toBeTruthy();
    fireEvent.click(button('OK'));
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
  });

  it('shows the system-upgrading notice from data in the current language, then logs out', async () => {
    await changeLanguage('cn');
    const notice = { en: 'Upgrading until 02:00 UTC', cn: '系统升级至 UTC 02:00' };
    fakeServer({ code: 14053, data: notice });
    await expect(apiCall(healthCall, {})).rejects.toMatchObject({ code: 14053 });
    expect(await screen.findByText(notice.cn)).toBeTruthy();
    expect(screen.queryByText(notice.en)).toBeNull();
    // Ant Design spaces two-character Chinese button texts: "确 定".
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
  });

  it('alerts and logs out for the access window', async () => {
    fakeServer({ code: 14091 });
    await expect(apiCall(healthCall, {})).rejects.toMatchObject({ code: 14091 });
    expect(await screen.findByText(errorMessage(14091, 'en'))).toBeTruthy();
    fireEvent.click(button('OK'));
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
  });

  it('leaves the access window to the company selection page itself', async () => {
    setPathReader(() => SHELL_PATHS.selectCompany);
    fakeServer({ code: 14091 }, { code: 1 });
    await expect(apiCall(healthCall, {})).rejects.toMatchObject({ code: 14091 });
    // A later toast is up, so an alert for the earlier call would be too.
    await expect(apiCall(healthCall, {})).rejects.toMatchObject({ code: 1 });
    expect(await screen.findByText('Parameter error (1)')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(errorMessage(14091, 'en'))).toBeNull();
    expect(logout).not.toHaveBeenCalled();
  });
});

describe('the upgrade dialog', () => {
  it('goes to the licences page when the user has that menu', async () => {
    setCanOpenLicences(() => true);
    fakeServer({ code: 190308 });
    await expect(apiCall(healthCall, {})).rejects.toMatchObject({ code: 190308 });
    expect(await screen.findByText(errorMessage(190308, 'en'))).toBeTruthy();
    expect(button('Cancel')).toBeTruthy();
    fireEvent.click(button('Upgrade'));
    expect(navigate).toHaveBeenCalledWith(SHELL_PATHS.licences);
    expect(logout).not.toHaveBeenCalled();
  });

  it('says there is no permission when the user lacks the licences menu', async () => {
    fakeServer({ code: 120095 });
    await expect(apiCall(healthCall, {})).rejects.toMatchObject({ code: 120095 });
    await dialog();
    fireEvent.click(button('Upgrade'));
    expect(await screen.findByText(/no permission to open the licences page/)).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('closes on Cancel without going anywhere', async () => {
    fakeServer({ code: 190308 });
    await expect(apiCall(healthCall, {})).rejects.toMatchObject({ code: 190308 });
    await dialog();
    fireEvent.click(button('Cancel'));
    await waitFor(() => expect(screen.queryByText(errorMessage(190308, 'en'))).toBeNull());
    expect(navigate).not.toHaveBeenCalled();
  });
});
