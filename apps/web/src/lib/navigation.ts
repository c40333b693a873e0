// Lets non-React code (the API fetcher) send the app to the landing page without importing the router
// (which would create an import cycle routes -> features -> api -> router).

type Redirect = () => void;

let toLanding: Redirect | null = null;

/** Called once by createAppRouter. */
export function setLandingRedirect(redirect: Redirect | null): void {
  toLanding = redirect;
}

export function redirectToLanding(): void {
  if (toLanding) toLanding();
  else if (typeof window !== 'undefined') window.location.assign('/');
}
