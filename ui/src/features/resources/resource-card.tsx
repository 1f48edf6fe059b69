import { useId } from 'react';
import { useT } from '../../lib/i18n';
import type { Resource } from './resource-types';
import { categoryBadge, safeWebsite, telHref } from './resource-filter';

export function ResourceCard({ resource }: { resource: Resource }) {
  const t = useT();
  const headingId = useId();
  const website = safeWebsite(resource.website);
  return (
    <article className="card resource-card" aria-labelledby={headingId}>
      <div className="resource-card-head">
        <h3 id={headingId} className="resource-card-name">
          {resource.name}
        </h3>
        <span className={`badge resource-badge resource-badge-${resource.category}`}>
          {categoryBadge(resource.category, t)}
        </span>
      </div>
      <p className="resource-card-description">{resource.description}</p>
      <dl className="resource-card-details">
        <div>
          <dt>{t('resources.contact')}</dt>
          <dd>
            <a className="resource-card-link" href={telHref(resource.contact)}>
              {resource.contact}
            </a>
          </dd>
        </div>
        <div>
          <dt>{t('resources.hours')}</dt>
          <dd>{resource.hours}</dd>
        </div>
        {resource.address && (
          <div>
            <dt>{t('resources.location')}</dt>
            <dd>{resource.address}</dd>
          </div>
        )}
        {website && (
          <div>
            <dt>{t('resources.website')}</dt>
            <dd>
              <a className="resource-card-link" href={website} target="_blank" rel="noopener noreferrer">
                {website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                <span className="sr-only"> {t('resources.newTab')}</span>
              </a>
            </dd>
          </div>
        )}
      </dl>
    </article>
  );
}
