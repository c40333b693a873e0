import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isPublicPath, PUBLIC_SCREENS, PublicPage } from './pages';
import '../index.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element');
const trimmed = window.location.pathname.replace(/(.)\/+$/, '$1');
const path = isPublicPath(trimmed) ? trimmed : '/';
const Screen = await PUBLIC_SCREENS[path]();

// Rendered anew over the prerendered HTML, not hydrated: the prerender cannot know this deployment's
// runtime settings (/config.js: the support link) or the visitor's theme. The commit swaps in the same
// markup at once, so nothing moves on screen. A transition lets React render in slices that yield to the
// browser: the page (already painted) stays responsive instead of blocking for one long task.
const root = createRoot(rootElement);
startTransition(() =>
  root.render(
    <StrictMode>
      <PublicPage path={path} Screen={Screen} />
    </StrictMode>,
  ),
);
