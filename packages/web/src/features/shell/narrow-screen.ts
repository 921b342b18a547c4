import { MENU_COLLAPSE_BELOW_PX } from '@fleetport/contract';
import { useEffect, useState } from 'react';

const query = `(max-width: ${MENU_COLLAPSE_BELOW_PX - 1}px)`;
const matches = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;

/**
 * Whether the left menu starts collapsed: below MENU_COLLAPSE_BELOW_PX wide, where a 220 px menu would
 * squeeze the page. The person can still open or close it; crossing the width decides anew.
 */
export function useMenuCollapsed(): [boolean, (collapsed: boolean) => void] {
  const [collapsed, setCollapsed] = useState(matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const onChange = () => setCollapsed(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return [collapsed, setCollapsed];
}
