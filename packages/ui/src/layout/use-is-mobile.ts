import { useEffect, useState } from 'react';

/** Spec §9 mobile breakpoint: below 768px the sidebar becomes a side sheet. */
export const MOBILE_BREAKPOINT_PX = 768;

const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function matches(q: string): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(q).matches
  );
}

/** Whether the media query matches; follows viewport changes. */
export function useMediaQuery(q: string): boolean {
  const [match, setMatch] = useState(() => matches(q));
  useEffect(() => {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return;
    const mql = window.matchMedia(q);
    const onChange = () => setMatch(mql.matches);
    onChange();
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, [q]);
  return match;
}

/** True below the mobile breakpoint; follows viewport changes. */
export function useIsMobile(): boolean {
  return useMediaQuery(query);
}
