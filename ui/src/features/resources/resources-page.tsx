import { useId, useMemo, useState } from 'react';
import { useAppConfig } from '../../lib/app-config';
import { useT } from '../../lib/i18n';
import { BUILT_IN_RESOURCES } from './built-in-resources';
import { FILTER_CHIPS, filterResources, type ResourceFilter } from './resource-filter';
import { ResourceCard } from './resource-card';
import { EmergencyBox } from './emergency-box';
import './resources.css';

export const NO_RESOURCES_TEXT = 'No resources found matching your criteria. Try adjusting your search.';

export default function ResourcesPage() {
  const config = useAppConfig();
  const { local } = config;
  const t = useT();
  const resources = config.resources ?? BUILT_IN_RESOURCES;
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<ResourceFilter>('all');
  const searchId = useId();
  const shown = useMemo(() => filterResources(resources, query, filter), [resources, query, filter]);

  return (
    <div className="page resources-page">
      <h1 className="page-title">Support Resources</h1>
      <p className="page-subtitle">
        People and services ready to help. Call when it is safe for you, in your own time.
      </p>

      <EmergencyBox />

      <section className="card resources-controls" aria-label="Search and filter resources">
        <label className="label" htmlFor={searchId}>
          Search resources
        </label>
        <input
          id={searchId}
          type="search"
          className="input"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search by name or description"
        />
        <div className="resources-chips" role="group" aria-label="Filter by category">
          {FILTER_CHIPS.map((chip) => (
            <button
              key={chip.value}
              type="button"
              className={filter === chip.value ? 'chip chip-active' : 'chip'}
              aria-pressed={filter === chip.value}
              onClick={() => setFilter(chip.value)}
            >
              {chip.label}
            </button>
          ))}
        </div>
      </section>

      <section aria-labelledby="resources-list-heading">
        <h2 id="resources-list-heading" className="sr-only">
          Resources
        </h2>
        <p className="sr-only" role="status">
          {shown.length === 1 ? '1 resource shown' : `${shown.length} resources shown`}
        </p>
        {shown.length === 0 ? (
          <p className="empty-state">{NO_RESOURCES_TEXT}</p>
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
