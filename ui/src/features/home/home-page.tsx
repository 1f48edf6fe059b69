import { Link } from 'react-router-dom';
import { useAppConfig } from '../../lib/app-config';
import { EmergencyCallButtons, useNumberName } from '../../components/emergency-calls';
import { useT, useTList } from '../../lib/i18n';
import { useCopyState } from '../../lib/vault';
import { PATHS } from '../../lib/route-paths';
import { telHref } from '../../lib/tel';
import { FEATURE_CARDS } from './home-content';
import { HomeIcon } from './home-icons';
import './home.css';
import { useProductName } from '../../hooks/product-name';
import { useTouchScreen } from '../../lib/touch-screen';

export default function HomePage() {
  const { local } = useAppConfig();
  const product_name = useProductName();
  const t = useT();
  const touch = useTouchScreen();
  const testimonials = useTList('home.testimonials');
  const { copied } = useCopyState();
  const helpline = local.helpline_number;
  const label = useNumberName()(helpline);
  return (
    <div className="page home-page">
      <section className="home-hero" aria-labelledby="home-hero-heading">
        <h1 id="home-hero-heading" className="page-title home-hero-title">
          {t('home.heroTitle')}
        </h1>
        <p className="page-subtitle home-hero-subtitle">{t(copied ? 'home.heroSubtitleCopied' : 'home.heroSubtitle')}</p>
        <div className="home-hero-actions">
          <Link to={PATHS.journal} className="btn btn-primary">
            {t('home.startJournaling')}
          </Link>
          <Link to={PATHS.resources} className="btn btn-secondary">
            {t('home.findResources')}
          </Link>
        </div>
      </section>

      <section className="home-safety" aria-labelledby="home-safety-heading">
        <h2 id="home-safety-heading">{t('home.safetyHeading')}</h2>
        <p>{t('emergency.safetyFirst')}</p>
        <p>
          <a href={telHref(helpline)} className="call-button">
            {label ? t('emergency.callNamed', { label, number: helpline }) : t('emergency.callHelpline', { number: helpline })}
          </a>
        </p>
        <p>{t(touch ? 'home.leaveQuicklyTouch' : 'home.leaveQuickly')}</p>
      </section>

      <section className="home-calls" aria-labelledby="home-calls-heading">
        <h2 id="home-calls-heading">{t('emergency.homeCallsHeading')}</h2>
        <EmergencyCallButtons />
      </section>

      <section aria-labelledby="home-features-heading">
        <h2 id="home-features-heading">{t('home.featuresHeading', { name: product_name })}</h2>
        <ul className="home-features grid-3">
          {FEATURE_CARDS.map((card) => (
            <li key={card.titleKey}>
              <Link to={card.to} className="card home-feature">
                <span className="home-feature-icon">
                  <HomeIcon name={card.icon} />
                </span>
                <h3 className="home-feature-title">{t(card.titleKey)}</h3>
                <span className="home-feature-description">{t(card.textKey)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="home-testimonials-heading">
        <h2 id="home-testimonials-heading">{t('home.testimonialsHeading')}</h2>
        <ul className="home-testimonials grid-2">
          {testimonials.map((quote) => (
            <li key={quote}>
              <figure className="card home-testimonial">
                <blockquote>
                  <p>“{quote}”</p>
                </blockquote>
                <figcaption>— {t('home.anonymous')}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
