import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { warmDisplayFormats } from '@pagecast/contract';
import { cn } from '@pagecast/ui';
import { App } from './app';
import { queryClient } from './lib/query-client';
import { createAppRouter } from './router';
import './index.css';

const router = createAppRouter({ queryClient });

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element');

// A transition lets React render the first screen in slices that yield to the browser (no long task
// while a phone parses the rest of the app).
const root = createRoot(rootElement);
startTransition(() =>
  root.render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  ),
);

// While the first screen waits on the network, build what its first render would otherwise build inside
// one long task: the date formatters (ICU data) and tailwind-merge's class map (built on its first call).
const whenIdle = (run: () => void) => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run);
  else setTimeout(run, 1);
};
whenIdle(() => warmDisplayFormats());
whenIdle(() => cn('p-1', 'p-2'));
