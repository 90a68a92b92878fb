/**
 * docs/product.md §4: the first response's Client-Version is remembered; a later differing value reloads the
 * page so the member runs the build the server expects.
 */
let firstVersion: string | null = null;
let reload: () => void = () => window.location.reload();

export function observeClientVersion(value: string | null): void {
  if (!value) return;
  if (firstVersion === null) {
    firstVersion = value;
    return;
  }
  if (value !== firstVersion) {
    firstVersion = value;
    reload();
  }
}

/** Tests replace the reload. */
export function setVersionReload(fn: () => void): void {
  reload = fn;
}

export function resetClientVersion(): void {
  firstVersion = null;
}
