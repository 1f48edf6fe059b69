import { useId, useState } from 'react';
import { useT } from '../../lib/i18n';

/**
 * A link the server shows once (a recovery link, an advocate's set-up link): it is not kept anywhere, so the
 * operator copies it now; the words say it will not be shown again.
 */
export function ShownOnce({ heading, link }: { heading: string; link: string }) {
  const t = useT();
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <section className="card stack console-once" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{heading}</h3>
      <p>{t('operator.linkOnce')}</p>
      <label className="label" htmlFor={`${id}-link`}>
        {t('operator.linkLabel')}
      </label>
      <input id={`${id}-link`} className="input" readOnly autoComplete="off" value={link} onFocus={(e) => e.currentTarget.select()} />
      <button type="button" className="btn btn-primary" onClick={() => void copy()}>
        {t('operator.copy')}
      </button>
      <div role="status">{copied === 'yes' ? <p>{t('operator.copied')}</p> : null}</div>
      {copied === 'failed' ? <p role="alert">{t('operator.copyFailed')}</p> : null}
    </section>
  );
}
