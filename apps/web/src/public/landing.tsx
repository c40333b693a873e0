import { useSignIn } from '../features/auth';
import { LandingPage } from '../features/landing';

/** Signed in: the app opens at /select, replacing the landing page in history (spec §4). */
const openSelect = () => window.location.replace('/select');

export function Landing() {
  return <LandingPage {...useSignIn(openSelect)} />;
}
