import { createFileRoute, redirect } from '@tanstack/react-router';

// The empty child is the Home screen (spec §2); it lives at /dashboard/home so the URL names the section.
export const Route = createFileRoute('/dashboard/')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard/home', replace: true });
  },
});
