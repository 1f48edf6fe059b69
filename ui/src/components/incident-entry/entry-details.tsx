import type { ReactNode } from 'react';
import './entry-details.css';
import { useT } from '../../lib/i18n';
import { kindLabel } from '../../lib/incident-entry/kind-labels';
import { useCategories } from '../../lib/incident-entry/use-categories';
import type { IncidentContent } from '../../lib/incident-entry/content';

const texts = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : []);

/**
 * Every field she filled in, each under its name: where, the kinds of abuse (in the operator's words), injuries,
 * medical help, witnesses and police or complaint numbers. `children` (her attachments) close the list.
 */
export function EntryDetails({ content: c, children }: { content: IncidentContent; children?: ReactNode }) {
  const t = useT();
  const categories = useCategories(t);
  const rows: [string, string][] = [
    [t('incidents.where'), typeof c.where === 'string' ? c.where : ''],
    [t('incidents.kinds'), texts(c.kinds).map((k) => kindLabel(categories, k)).join(', ')],
    [t('incidents.injuries'), typeof c.injuries === 'string' ? c.injuries : ''],
    [t('incidents.medical'), typeof c.medical_help === 'string' ? c.medical_help : ''],
  ];
  const lists: [string, string[]][] = [
    [t('incidents.witnesses'), texts(c.witnesses)],
    [t('incidents.references'), texts(c.complaint_numbers)],
  ];
  return (
    <dl className="incident-details">
      {rows
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      {lists
        .filter(([, items]) => items.length)
        .map(([k, items]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>
              <ul>
                {items.map((w, i) => (
                  <li key={i}>{w}</li>
                ))}
              </ul>
            </dd>
          </div>
        ))}
      {children}
    </dl>
  );
}

