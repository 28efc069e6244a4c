import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { isBot } from './bots';
import { isChunkLoadError, reloadForChunkError } from './chunk-reload';
import { ServerErrorPage } from './error-page';

/**
 * The root error boundary: a chunk-load failure reloads the page (at most once per 10 s);
 * anything else shows the 500 page — except to search-engine and preview bots, who get nothing.
 */
export function RootErrorBoundary({ error, reset }: ErrorComponentProps) {
  const [reloading] = useState(() => isChunkLoadError(error) && reloadForChunkError());
  useEffect(() => {
    if (!reloading) console.error('Unhandled error', error);
  }, [error, reloading]);
  if (reloading || isBot()) return null;
  return <ServerErrorPage error={error} onRetry={reset} />;
}
