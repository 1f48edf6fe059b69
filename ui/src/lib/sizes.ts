const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/** A size in bytes as people read it: B, KB, MB or GB (an attachment, a copy, a disk). */
export function sizeText(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  if (bytes < MB) return `${(bytes / KB).toFixed(0)} KB`;
  if (bytes < GB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${(bytes / GB).toFixed(1)} GB`;
}
