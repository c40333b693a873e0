// Build-time prerendering (apps/web/build/prerender.ts bundles this module for Node and runs it): the HTML
// of each public page, so a phone shows the page before the script has loaded.
import { renderToString } from 'react-dom/server';
import { LandingPage } from '../features/landing';
import { routeTitle } from '../features/root';
import { PUBLIC_PATHS, PUBLIC_SCREENS, PublicPage, type PublicPath } from './pages';

export { PUBLIC_PATHS };

/** The landing page as the HTML has it: its login buttons disabled until the script takes over (a click
 *  there would do nothing). */
function PrerenderedLanding() {
  return <LandingPage login={async () => {}} pending={false} disabled />;
}

export async function render(path: PublicPath): Promise<{ html: string; title: string }> {
  const Screen = path === '/' ? PrerenderedLanding : await PUBLIC_SCREENS[path]();
  return {
    html: renderToString(<PublicPage path={path} Screen={Screen} />),
    title: routeTitle(path, null),
  };
}
