import { useId, useMemo, useState } from 'react';
import { useAppConfig } from '../../lib/app-config';
import { useT } from '../../lib/i18n';
import { builtInResources } from './built-in-resources';
import { FILTER_CHIPS, filterResources, type ResourceFilter } from './resource-filter';
import { ResourceCard } from './resource-card';
import { EmergencyBox } from './emergency-box';
import './resources.css';

export default function ResourcesPage() {
  const config = useAppConfig();
  const { local } = config;
  const t = useT();
  const resources = useMemo(() => config.resources ?? builtInResources(t), [config.resources, t]);
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<ResourceFilter>('all');
  const searchId = useId();
  const shown = useMemo(() => filterResources(resources, query, filter), [resources, query, filter]);

  return (
    <div className="page resources-page">
      <h1 className="page-title">{t('resources.title')}</h1>
      <p className="page-subtitle">{t('resources.subtitle')}</p>

      <EmergencyBox />

      <section className="card resources-controls" aria-label={t('resources.controls')}>
        <label className="label" htmlFor={searchId}>
          {t('resources.search')}
        </label>
        <input
          autoComplete="off"
          id={searchId}
          type="search"
          className="input"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('resources.searchPlaceholder')}
        />
        <div className="resources-chips" role="group" aria-label={t('resources.filterGroup')}>
          {FILTER_CHIPS.map((chip) => (
            <button
              key={chip.value}
              type="button"
              className={filter === chip.value ? 'chip chip-active' : 'chip'}
              aria-pressed={filter === chip.value}
              onClick={() => setFilter(chip.value)}
            >
              {t(chip.labelKey)}
            </button>
          ))}
        </div>
      </section>

      <section aria-labelledby="resources-list-heading">
        <h2 id="resources-list-heading" className="sr-only">
          {t('resources.listHeading')}
        </h2>
        <p className="sr-only" role="status">
          {shown.length === 1 ? t('resources.shownOne') : t('resources.shownMany', { count: shown.length })}
        </p>
        {shown.length === 0 ? (
          <p className="empty-state">{t('resources.empty')}</p>
        ) : (
          <ul className="resources-list grid-2">
            {shown.map((r) => (
              <li key={r.id}>
                <ResourceCard resource={r} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <p className="resources-note">
        {t('emergency.resourcesNote', { emergency: local.emergency_number, helpline: local.helpline_number })}
      </p>
    </div>
  );
}
