/** Saves text as a file in the browser's downloads (a Blob behind a temporary link). */
export function downloadText(fileName: string, text: string, type = 'text/plain'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves a value as a pretty-printed JSON file. */
export const downloadJson = (fileName: string, value: unknown) =>
  downloadText(fileName, JSON.stringify(value, null, 2), 'application/json');
