import { Link } from 'react-router-dom';
import { useAppConfig } from '../../lib/app-config';
import { EmergencyCallButtons } from '../../lib/emergency-calls';
import { Placed, useT } from '../../lib/i18n';
import { PATHS } from '../../lib/route-paths';
import { telHref } from '../../lib/tel';
import { FEATURE_CARDS, TESTIMONIALS } from './home-content';
import { HomeIcon } from './home-icons';
import './home.css';

export default function HomePage() {
  const { product_name, local } = useAppConfig();
  const t = useT();
  return (
    <div className="page home-page">
      <section className="home-hero" aria-labelledby="home-hero-heading">
        <h1 id="home-hero-heading" className="page-title home-hero-title">
          A safe space to heal, reflect and plan
        </h1>
        <p className="page-subtitle home-hero-subtitle">
          Write privately, find support and make a plan for your safety, at your own pace. What you
          write stays on this device.
        </p>
        <div className="home-hero-actions">
          <Link to={PATHS.journal} className="btn btn-primary">
            Start Journaling
          </Link>
          <Link to={PATHS.resources} className="btn btn-secondary">
            Find Resources
          </Link>
        </div>
      </section>

      <section className="home-safety" aria-labelledby="home-safety-heading">
        <h2 id="home-safety-heading">Safety First</h2>
        <p>
          <Placed text={t('emergency.safetyFirst')} name="number">
            <a href={telHref(local.helpline_number)} className="home-safety-number">
              {local.helpline_number}
            </a>
          </Placed>
        </p>
        <p>
          Need to leave quickly? Tap Exit now at the top of the screen, or press Shift three times.
          The emergency button at the bottom right also switches to a weather or notes screen.
        </p>
      </section>

      <section className="home-calls" aria-labelledby="home-calls-heading">
        <h2 id="home-calls-heading">{t('emergency.homeCallsHeading')}</h2>
        <EmergencyCallButtons />
      </section>

      <section aria-labelledby="home-features-heading">
        <h2 id="home-features-heading">How {product_name} can help</h2>
        <ul className="home-features grid-3">
          {FEATURE_CARDS.map((card) => (
            <li key={card.title}>
              <Link to={card.to} className="card home-feature">
                <span className="home-feature-icon">
                  <HomeIcon name={card.icon} />
                </span>
                <h3 className="home-feature-title">{card.title}</h3>
                <span className="home-feature-description">{card.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="home-testimonials-heading">
        <h2 id="home-testimonials-heading">Words from others</h2>
        <ul className="home-testimonials grid-2">
          {TESTIMONIALS.map((t) => (
            <li key={t.quote}>
              <figure className="card home-testimonial">
                <blockquote>
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption>— {t.attribution}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
