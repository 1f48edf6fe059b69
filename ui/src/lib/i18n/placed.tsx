import { Fragment, type ReactNode } from 'react';

/**
 * `text` with each `{name}` placeholder replaced by `parts[name]` (a link, bold words, a key), wherever the
 * language puts it; a placeholder without a part stays as written, so a mistake shows.
 */
export function Rich({ text, parts }: { text: string; parts: Record<string, ReactNode> }) {
  const pieces = text.split(/\{(\w+)\}/);
  return (
    <>
      {pieces.map((piece, i) => (
        <Fragment key={i}>{i % 2 === 0 ? piece : piece in parts ? parts[piece] : `{${piece}}`}</Fragment>
      ))}
    </>
  );
}

/** `text` with its one `{name}` placeholder replaced by `children`. */
export function Placed({ text, name, children }: { text: string; name: string; children: ReactNode }) {
  return <Rich text={text} parts={{ [name]: children }} />;
}
