import { useState } from 'react';
import { SELF_LOVE_AFFIRMATIONS } from './self-love-affirmations';
import { nextAffirmationIndex, randomAffirmationIndex } from './affirmation-logic';
import './affirmations.css';

export default function AffirmationsPage() {
  const [index, setIndex] = useState(() => randomAffirmationIndex(SELF_LOVE_AFFIRMATIONS.length));

  return (
    <div className="page affirmations-page">
      <h1 className="page-title">Daily Affirmations</h1>
      <p className="page-subtitle">
        Kind words to carry with you. Read one slowly, maybe out loud, and let it settle.
      </p>

      <section className="card affirmations-card" aria-labelledby="affirmations-heading">
        <h2 id="affirmations-heading" className="sr-only">
          Your affirmation
        </h2>
        <div role="status" aria-live="polite">
          <blockquote className="affirmations-quote">
            <p>{SELF_LOVE_AFFIRMATIONS[index]}</p>
          </blockquote>
        </div>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setIndex((i) => nextAffirmationIndex(SELF_LOVE_AFFIRMATIONS.length, i))}
        >
          New Affirmation
        </button>
      </section>

      <p className="affirmations-tip">
        Tip: choose one affirmation for the day and return to it whenever things feel heavy.
      </p>
    </div>
  );
}
