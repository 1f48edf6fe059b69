import { useAppConfig } from '../../lib/app-config';
import { Placed, useT } from '../../lib/i18n';
import { useNumberName } from '../../components/emergency-calls';
import { telHref } from '../../lib/tel';
import { useProductName } from '../../hooks/product-name';

export function Footer() {
  const { contact_email, local } = useAppConfig();
  const product_name = useProductName();
  const t = useT();
  const emergency = local.emergency_number;
  const label = useNumberName()(emergency);
  return (
    <footer className="footer">
      <div className="footer-inner">
        <p className="footer-tagline">
          <Placed text={t('layout.footerTagline')} name="name">
            <strong>{product_name}</strong>
          </Placed>
        </p>
        {contact_email ? (
          <p>
            <Placed text={t('layout.footerSuggestion')} name="email">
              <a href={`mailto:${contact_email}`}>{contact_email}</a>
            </Placed>
          </p>
        ) : null}
        <p>{t('layout.footerLove')}</p>
        <p>
          <a className="footer-helpline" href={telHref(emergency)}>
            {label ? t('emergency.callName', { label, number: emergency }) : t('emergency.footerHelpline', { number: emergency })}
          </a>
        </p>
      </div>
    </footer>
  );
}
