/** A `tel:` link target: keep digits and a leading plus only. */
export function telHref(contact: string): string {
  const trimmed = contact.trim();
  const digits = trimmed.replace(/[^\d]/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}
