import { useAppConfig } from '../lib/app-config';
import { useT } from '../lib/i18n';
import { useLocalText } from '../lib/local-text';
import { telHref } from '../lib/tel';
import './emergency-calls.css';

/**
 * The name the operator's list gives a number, in the page's language, or null when the list does not
 * name it. Home's helpline button and the footer call a number by this name, so a number never has two.
 */
export function useNumberName(): (number: string) => string | null {
  const pick = useLocalText();
  const { emergency_contacts } = useAppConfig().local;
  return (number) => {
    const contact = emergency_contacts.find((c) => c.numbers.includes(number));
    return contact ? pick(contact.label) : null;
  };
}

/**
 * The operator's emergency numbers as call buttons big enough for a shaking hand (48 px and more), one
 * line per service with its label; a service with two numbers gets two buttons.
 */
export function EmergencyCallButtons() {
  const t = useT();
  const pick = useLocalText();
  const { emergency_contacts } = useAppConfig().local;
  return (
    <ul className="emergency-calls">
      {emergency_contacts.map((contact) => {
        const label = pick(contact.label);
        return (
          <li key={`${label}-${contact.numbers.join()}`} className="emergency-call">
            <span className="emergency-call-label">{t('emergency.contactLabel', { label })}</span>
            {contact.numbers.map((number) => (
              <a
                key={number}
                className="call-button"
                href={telHref(number)}
                aria-label={t('emergency.callName', { label, number })}
              >
                {number}
              </a>
            ))}
          </li>
        );
      })}
    </ul>
  );
}
