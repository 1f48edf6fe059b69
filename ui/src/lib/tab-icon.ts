import type { DisguiseKind } from './disguise-mode';

/** What the page was served with: the server's choice for the address it was loaded at. */
let served: { href: string | null; type: string | null; sizes: string | null } | null = null;

function iconLink(): HTMLLinkElement {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  return link;
}

function put(link: HTMLLinkElement, name: string, value: string | null) {
  if (value === null) link.removeAttribute(name);
  else link.setAttribute(name, value);
}

/**
 * The tab's icon for a disguise screen, the one the server puts in the page when the disguise's address is loaded
 * (src/assets/index_pages.rs, `Disguise::picture`), so entering Weather Mode in the app does not leave the tab with
 * the app's blank icon until a reload; `null` (off a disguise) puts back the icon the page was served with.
 */
export function setTabIcon(disguise: DisguiseKind | null): void {
  const link = iconLink();
  served ??= { href: link.getAttribute('href'), type: link.getAttribute('type'), sizes: link.getAttribute('sizes') };
  const icon = disguise
    ? { href: `/icons/${disguise}-192.png`, type: 'image/png', sizes: '192x192' }
    : served;
  if (link.getAttribute('href') === icon.href) return;
  put(link, 'type', icon.type);
  put(link, 'sizes', icon.sizes);
  put(link, 'href', icon.href);
}
