import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { NotFoundPage } from './features/errors/error-page';
import { RootErrorBoundary } from './features/errors/root-error';
import { ApiError, configureApiClient } from './lib/api-client';
import { applyPreferences, getPreferences } from './lib/preferences';
import { routeTree } from './routeTree.gen';
import './styles/index.css';

// index.html's inline script already applied the stored preferences before the first paint;
// this keeps the document in sync with the module's own reading of them.
applyPreferences(getPreferences());

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // HTTP errors are answers, not glitches: only network failures are retried (by the api client).
      retry: (count, err) => !(err instanceof ApiError) && count < 1,
    },
  },
});

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultErrorComponent: RootErrorBoundary,
  defaultNotFoundComponent: NotFoundPage,
  notFoundMode: 'root',
});

configureApiClient({ navigate: (href) => void router.navigate({ href }) });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// A transition lets React render the first screen in small slices instead of one long task.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
});
