import type { ReactNode } from 'react';

/** `text` with its `{name}` placeholder replaced by `children` (a link, bold figures), wherever the language puts it. */
export function Placed({ text, name, children }: { text: string; name: string; children: ReactNode }) {
  const [before, after = ''] = text.split(`{${name}}`);
  return (
    <>
      {before}
      {children}
      {after}
    </>
  );
}
