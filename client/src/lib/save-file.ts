/**
 * Saves `blob` as the file `name` through a temporary object URL and a clicked <a download>
 * (the data export, the share image where sharing files is not supported).
 */
export function saveFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The click has started the download; the URL is no longer needed once the event loop moves on.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
