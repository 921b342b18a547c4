/** The licence banner, once closed, stays hidden for the browser session (sessionStorage). */
const DISMISSED_KEY = 'fleetport.licenceBanner.dismissed';

export function dismissedThisSession(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function dismissForSession(): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // Private mode: hidden until the page reloads.
  }
}
