import { EmergencyCallButtons } from '../../components/emergency-calls';
import { useT } from '../../lib/i18n';

/** The operator's numbers to call in an emergency (config `[local]`). */
export function EmergencyBox() {
  const t = useT();
  return (
    <section className="resources-emergency" aria-labelledby="resources-emergency-heading">
      <h2 id="resources-emergency-heading">{t('emergency.dangerHeading')}</h2>
      <p>{t('emergency.dangerIntro')}</p>
      <EmergencyCallButtons />
    </section>
  );
}
