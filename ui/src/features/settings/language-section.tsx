import { useId } from 'react';
import { languageName, useLanguage, useT } from '../../lib/i18n';

/** Which language the app speaks on this device; each name is written in its own language. */
export function LanguageSection() {
  const id = useId();
  const t = useT();
  const { lang, available = ['en'], setLanguage } = useLanguage();

  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="settings-heading">
        {t('settings.languageHeading')}
      </h2>
      <p>{t('settings.languageIntro')}</p>
      <fieldset className="settings-choices">
        <legend className="sr-only">{t('settings.languageLegend')}</legend>
        {available.map((code) => (
          <label key={code} className="settings-choice" lang={code}>
            <input
              type="radio"
              name={`${id}-language`}
              value={code}
              checked={lang === code}
              onChange={() => void setLanguage?.(code)}
            />
            {languageName(code)}
          </label>
        ))}
      </fieldset>
    </section>
  );
}
