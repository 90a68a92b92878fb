import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ROUTES } from '../../protocol/routes';
import { Button } from './Button';
import { MessagePage } from './MessagePage';

/** A chunk (script or style) that failed to load (docs/product.md §8: ChunkLoadError, CSS_CHUNK_LOAD_FAILED). */
export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message, code } = error as { name?: string; message?: string; code?: string };
  return (
    name === 'ChunkLoadError' ||
    code === 'CSS_CHUNK_LOAD_FAILED' ||
    /Loading chunk .* failed|Failed to fetch dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      message ?? '',
    )
  );
}

/** React Router's errorElement: a recoverable screen, never a blank page. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const reload = () => window.location.reload();

  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <MessagePage title="This page is lost in the void." showNav>
        <p>Nothing answers at this address.</p>
      </MessagePage>
    );
  }
  if (isChunkLoadError(error)) {
    return (
      <MessagePage image="/maintenance.svg" title="A part of the portal failed to load.">
        <p>Your connection may have dropped, or a new version was just released.</p>
        <p>
          <Button onClick={reload}>Reload</Button>
        </p>
        <p>
          <small>{(error as Error).message}</small>
        </p>
      </MessagePage>
    );
  }
  return (
    <MessagePage title="Unexpected Application Error!">
      <p>Something went wrong while showing this page. Reloading usually helps.</p>
      <p>
        <Button onClick={reload}>Reload</Button> <Link to={ROUTES.home}>Back to home</Link>
      </p>
    </MessagePage>
  );
}
