import { useState } from 'react';
import { useT, useTList } from '../../lib/i18n';
import { SELF_LOVE_KEY } from './self-love-affirmations';
import { nextAffirmationIndex, randomAffirmationIndex } from './affirmation-logic';
import './affirmations.css';

export default function AffirmationsPage() {
  const t = useT();
  const affirmations = useTList(SELF_LOVE_KEY);
  const [index, setIndex] = useState(() => randomAffirmationIndex(affirmations.length));

  return (
    <div className="page affirmations-page">
      <h1 className="page-title">{t('affirmations.title')}</h1>
      <p className="page-subtitle">{t('affirmations.subtitle')}</p>

      <section className="card affirmations-card" aria-labelledby="affirmations-heading">
        <h2 id="affirmations-heading" className="sr-only">
          {t('affirmations.current')}
        </h2>
        <div role="status" aria-live="polite">
          <blockquote className="affirmations-quote">
            <p>{affirmations[index]}</p>
          </blockquote>
        </div>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setIndex((i) => nextAffirmationIndex(affirmations.length, i))}
        >
          {t('affirmations.newAffirmation')}
        </button>
      </section>

      <p className="affirmations-tip">{t('affirmations.tip')}</p>
    </div>
  );
}
