import { useLanguage, useT } from '../../lib/i18n';
import { calendarMonths, countByDay, monthWeeks } from './calendar-data';
import { formatMonth, formatWeekday } from '../../lib/dates';

/** Months with the days of incidents marked (the Danger Assessment's calendar idea, with no score). */
export function IncidentCalendar({ days }: { days: string[] }) {
  const t = useT();
  const { lang } = useLanguage();
  const counts = countByDay(days);
  // 2024-01-01 was a Monday.
  const weekdays = Array.from({ length: 7 }, (_, i) => formatWeekday(`2024-01-0${1 + i}`, lang, 'short'));
  return (
    <section className="incident-calendar" aria-labelledby="incident-calendar-title">
      <h2 id="incident-calendar-title">{t('incidents.calendar')}</h2>
      <p className="incident-hint">{t('incidents.calendarHint')}</p>
      <div className="incident-months">
        {calendarMonths(days, new Date()).map((month) => {
          const [y, m] = month.split('-').map(Number);
          const caption = formatMonth(y, m, lang);
          return (
            <table key={month} className="incident-month">
              <caption>{caption}</caption>
              <thead>
                <tr>
                  {weekdays.map((d) => (
                    <th key={d} scope="col">
                      {d}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {monthWeeks(month).map((week, i) => (
                  <tr key={i}>
                    {week.map((day, j) => {
                      const key = day ? `${month}-${String(day).padStart(2, '0')}` : '';
                      const count = counts.get(key) ?? 0;
                      return (
                        <td key={j} className={count ? 'incident-day-marked' : undefined}>
                          {day ? (
                            <>
                              <span aria-hidden={count ? 'true' : undefined}>{day}</span>
                              {count ? <span className="sr-only">{t('incidents.dayMarked', { day, count })}</span> : null}
                            </>
                          ) : null}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          );
        })}
      </div>
    </section>
  );
}
