import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { warmDisplayFormats } from '@pagecast/contract';
import { cn } from '@pagecast/ui';
import { App } from './app';
import { queryClient } from './lib/query-client';
import { createAppRouter } from './router';
import './index.css';
import { restoreDisplayTimeZone } from './features/account';

const router = createAppRouter({ queryClient });

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element');

const root = createRoot(rootElement);
const renderApp = () =>
  // A transition: React renders the first screen in slices that yield to the browser.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    ),
  );

// Times show in the zone this browser last applied (the admin's, chosen on Account) from the first paint.
restoreDisplayTimeZone();

// The first render waits for the route's code and guards. Rendered before them, the screen was rendered
// again when they arrived, as the router's store changed: a store update (useSyncExternalStore) that React
// renders in one blocking task, the longest of a phone's page load.
// Each step its own task (timers), so none of them adds to the task that evaluated this module.
setTimeout(() => {
  router.load().then(renderApp, (err: unknown) => {
    console.error('The first route did not load', err);
    renderApp();
  });
}, 0);

// While the route's code comes, build what the first render would otherwise build inside its own task: the
// date formatters (the first one loads ICU data) and tailwind-merge's class map.
setTimeout(() => warmDisplayFormats(), 0);
setTimeout(() => cn('p-1', 'p-2'), 0);
