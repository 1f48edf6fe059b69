import { Link } from 'react-router-dom';
import { useAppConfig } from '../../lib/app-config';
import { useAuth } from '../../providers/auth';
import { Rich, useT } from '../../lib/i18n';
import { ArrowLeftIcon } from '../../components/icons';
import { telHref } from '../../lib/tel';
import './staying-safe.css';
import { useProductName } from '../../hooks/product-name';

/** 'Staying safe': what the app protects against, what it cannot, and plain tips. */
export default function StayingSafePage() {
  const { page_title: title, local, copy } = useAppConfig();
  const name = useProductName();
  const { session } = useAuth();
  const t = useT();
  // The names of the keys stay as printed on the keyboard, in every language.
  const keys = {
    exit: <strong>{t('layout.exitNow')}</strong>,
    shift: <kbd>{'Shift'}</kbd>,
    esc: <kbd>{'Esc'}</kbd>,
  };

  return (
    <main className="page staying-safe">
      <Link className="staying-safe-back" to={session ? '/settings' : '/auth'}>
        <ArrowLeftIcon size={18} />
        {t(session ? 'stayingSafe.backToSettings' : 'stayingSafe.backToSignIn')}
      </Link>
      <h1 className="page-title">{t('stayingSafe.title')}</h1>
      <p className="page-subtitle">{t('stayingSafe.subtitle', { name })}</p>

      <div className="stack">
        <section className="card" aria-labelledby="safe-does">
          <h2 id="safe-does">{t('stayingSafe.doesHeading', { name })}</h2>
          <ul>
            <li>
              <Rich text={t('stayingSafe.doesExit')} parts={keys} />
            </li>
            <li>{t('stayingSafe.doesDisguise')}</li>
            <li>{t('stayingSafe.doesIdle')}</li>
            <li>{copy.enabled ? t('stayingSafe.doesCopy') : t('stayingSafe.doesDevice')}</li>
            <li>{t('stayingSafe.doesNoThirdParty')}</li>
          </ul>
        </section>

        <section className="card" aria-labelledby="safe-cannot">
          <h2 id="safe-cannot">{t('stayingSafe.cannotHeading', { name })}</h2>
          <ul>
            <li>{t('stayingSafe.cannotHistory', { title })}</li>
            <li>{t('stayingSafe.cannotExitTrace', { title })}</li>
            <li>{t('stayingSafe.cannotSpyware', { name })}</li>
            <li>{t('stayingSafe.cannotAccount')}</li>
            <li>{t('stayingSafe.cannotPassword')}</li>
            <li>{t('stayingSafe.cannotAdvocate')}</li>
            <li>{t('stayingSafe.advocateEvery')}</li>
            <li>{t('stayingSafe.advocateNewKey')}</li>
          </ul>
        </section>

        <section className="card" aria-labelledby="safe-checkin">
          <h2 id="safe-checkin">{t('stayingSafe.checkinHeading')}</h2>
          <ul>
            <li>{t('stayingSafe.checkinSees')}</li>
            <li>{t('stayingSafe.checkinAdvocates')}</li>
            <li>{t('stayingSafe.checkinEmail')}</li>
            <li>{t('stayingSafe.checkinLate')}</li>
            <li>{t('stayingSafe.checkinPush')}</li>
          </ul>
        </section>

        <section className="card" aria-labelledby="safe-files">
          <h2 id="safe-files">{t('stayingSafe.filesHeading')}</h2>
          <ul>
            <li>{t('stayingSafe.filesDownloads', { name })}</li>
            <li>{t('stayingSafe.filesLocked')}</li>
            <li>{t('stayingSafe.filesInstead')}</li>
            <li>{t('stayingSafe.filesAfter')}</li>
          </ul>
        </section>

        <section className="card" aria-labelledby="safe-tips">
          <h2 id="safe-tips">{t('stayingSafe.tipsHeading')}</h2>
          <ul>
            <li>{t('stayingSafe.tipPrivate')}</li>
            <li>{t('stayingSafe.tipHistory')}</li>
            <li>{t('stayingSafe.tipDevice')}</li>
            <li>
              <Rich text={t('stayingSafe.tipPractise')} parts={keys} />
            </li>
            <li>
              <Rich
                text={t('stayingSafe.tipDanger')}
                parts={{ number: <a href={telHref(local.emergency_number)}>{local.emergency_number}</a> }}
              />
            </li>
          </ul>
        </section>
      </div>
    </main>
  );
}
