import { useAppConfig } from '../../lib/app-config';
import { useT } from '../../lib/i18n';
import { telHref } from '../../lib/tel';

export function Footer() {
  const { product_name, contact_email, local } = useAppConfig();
  const t = useT();
  return (
    <footer className="footer">
      <div className="footer-inner">
        <p className="footer-tagline">
          <strong>{product_name}</strong>: a quiet, private place to write, breathe and plan your next safe step.
        </p>
        {contact_email ? (
          <p>
            Have an idea that would make this space better? Send a suggestion to{' '}
            <a href={`mailto:${contact_email}`}>{contact_email}</a>
          </p>
        ) : null}
        <p>Made with love for safety and healing</p>
        <p>
          <a className="footer-helpline" href={telHref(local.emergency_number)}>
            {t('emergency.footerHelpline', { number: local.emergency_number })}
          </a>
        </p>
      </div>
    </footer>
  );
}
