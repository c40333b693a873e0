// Route guards of spec §2, used by route beforeLoad hooks. They read the zustand stores directly.
import { redirect } from '@tanstack/react-router';
import { useAuthStore, usePagesStore } from '../../stores';

/** /select: needs a signed-in user (the session cookie; a 401 later signs out), otherwise '/'. */
export function requireAccessToken(): void {
  if (!useAuthStore.getState().user) throw redirect({ to: '/', replace: true });
}

/** /dashboard: needs a token (else '/') and a selected page (else '/select'). */
export function requireSelectedPage(): void {
  requireAccessToken();
  if (!usePagesStore.getState().selectedPage) throw redirect({ to: '/select', replace: true });
}

/** /dashboard/{chats,manage-tags,schedule}: a role without messaging goes to Home instead. */
export function requireMessagingRole(): void {
  requireSelectedPage();
  if (usePagesStore.getState().selectedPage?.canMessage === false) {
    throw redirect({ to: '/dashboard/home', replace: true });
  }
}
