import { useEffect, useState } from 'react';
import { useVault } from '../../lib/vault';
import { sizeText } from '../../lib/sizes';
import type { AttachmentRef } from './incident-model';
import { attachmentBytes } from './incident-store';

/**
 * One attachment in her incident card: a photo shown and a recording playable, read from her device's own encrypted
 * store into a blob: address that lives only while the card is on screen (an exit, the idle lock or a sign-out
 * unmounts it and the address is let go). Anything else, or bytes that cannot be read, is its name and size.
 */
export function AttachmentView({ attachment: a }: { attachment: AttachmentRef }) {
  const { vault } = useVault();
  const [url, setUrl] = useState<string | null>(null);
  const shown = a.kind === 'photo' || a.kind === 'audio';

  useEffect(() => {
    if (!shown) return;
    let live = true;
    let made: string | null = null;
    void attachmentBytes(vault, a.id)
      .then((bytes) => {
        if (!live) return;
        made = URL.createObjectURL(new Blob([bytes], { type: a.type }));
        setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [vault, a.id, a.type, shown]);

  const caption = `${a.name} (${sizeText(a.size)})`;
  if (!url) return <>{caption}</>;
  return (
    <figure className="incident-attachment">
      {a.kind === 'photo' ? <img src={url} alt={a.name} className="incident-photo" /> : <audio controls src={url} aria-label={a.name} />}
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
