// Build-time prerendering (apps/web/build/prerender.ts bundles this module for Node and runs it): the HTML
// of each public page, so a phone shows the page before the script has loaded.
import { renderToString } from 'react-dom/server';
import { routeTitle } from '../features/root/route-title';
import { PUBLIC_PATHS, PUBLIC_SCREENS, PublicPage, type PublicPath } from './pages';

export { PUBLIC_PATHS };

export async function render(path: PublicPath): Promise<{ html: string; title: string }> {
  const Screen = await PUBLIC_SCREENS[path]();
  return {
    html: renderToString(<PublicPage path={path} Screen={Screen} />),
    title: routeTitle(path, null),
  };
}
