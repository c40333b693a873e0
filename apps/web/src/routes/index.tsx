import { createFileRoute } from '@tanstack/react-router';
import { useLogin } from '../features/auth';
import { LandingPage } from '../features/landing';

// A visit of '/' is served by the public pages' own entry (src/public); this route is the landing page
// reached inside the app (after signing out).
export const Route = createFileRoute('/')({ component: AppLanding });

function AppLanding() {
  return <LandingPage {...useLogin()} />;
}
