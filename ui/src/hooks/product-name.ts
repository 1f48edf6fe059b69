import { useEffect, useState } from 'react';
import { fetchProductName, useAppConfig } from '../lib/app-config';
import { useOnline } from '../lib/offline-app';

// One ask per page load, shared by every screen that shows the name.
let asked: Promise<string | null> | null = null;
let known: string | null = null;

/**
 * The product's name, for a screen that shows it. While the kept settings leave it out (`name_withheld`), it is
 * asked of `/api/config/name` the first time such a screen shows (never on the sign-in screen or a disguise, so a
 * first load costs no request more), and the page title stands in until it answers or while offline.
 */
export function useProductName(): string {
  const config = useAppConfig();
  const online = useOnline();
  const [name, setName] = useState(() => (config.name_withheld ? (known ?? config.product_name) : config.product_name));
  useEffect(() => {
    if (!config.name_withheld) {
      setName(config.product_name);
      return;
    }
    if (known || !online) return;
    let live = true;
    asked ??= fetchProductName().then((n) => {
      if (n) known = n;
      else asked = null; // asked again by the next screen
      return n;
    });
    void asked.then((n) => {
      if (live && n) setName(n);
    });
    return () => {
      live = false;
    };
  }, [config.name_withheld, config.product_name, online]);
  return name;
}
