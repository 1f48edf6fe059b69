import { Link } from 'react-router-dom';
import { useAppConfig } from '../../lib/app-config';
import { telHref } from '../../lib/tel';
import { useAuth } from '../../lib/auth';
import { ArrowLeftIcon } from '../../lib/icons';
import './staying-safe.css';

/** 'Staying safe' (issue 9 §6): what the app protects against, what it cannot, and plain tips. */
export default function StayingSafePage() {
  const { product_name: name, local } = useAppConfig();
  const { session } = useAuth();

  return (
    <main className="page staying-safe">
      <Link className="staying-safe-back" to={session ? '/settings' : '/auth'}>
        <ArrowLeftIcon size={18} />
        {session ? 'Back to Settings' : 'Back to sign in'}
      </Link>
      <h1 className="page-title">Staying safe</h1>
      <p className="page-subtitle">
        {name} is made for phones and computers that someone else may pick up or check. Here is what it does for
        you, what it cannot do, and what helps.
      </p>

      <div className="stack">
        <section className="card" aria-labelledby="safe-does">
          <h2 id="safe-does">What {name} does</h2>
          <ul>
            <li>
              <strong>Exit now</strong>, at the top of every screen, hides this page at once, signs you out on this
              device and opens an ordinary website in its place. Pressing Back afterwards does not bring you here.
              On a keyboard, press <kbd>Shift</kbd> three times, or <kbd>Esc</kbd> three times, even while typing.
            </li>
            <li>The weather and notes screens look like everyday apps. Their back arrow leaves the same way.</li>
            <li>After two minutes without activity you are signed out.</li>
            <li>
              Your journal, safety plan and mood entries are kept in this browser on this device, never on our
              server. If someone else knows your password, set a PIN in Settings so they cannot open them.
            </li>
            <li>The page loads nothing from other websites, so no other company sees you using it here.</li>
          </ul>
        </section>

        <section className="card" aria-labelledby="safe-cannot">
          <h2 id="safe-cannot">What {name} cannot do</h2>
          <ul>
            <li>
              It cannot remove its address from your browser&apos;s history, or stop the browser from suggesting it
              when someone types in the address bar.
            </li>
            <li>
              It cannot see other apps or tabs. Spyware or a monitoring app on this device can record the screen,
              what you type and where you are, whatever {name} does.
            </li>
            <li>
              It cannot hide that you have an account: our server keeps your email address so you can sign in.
            </li>
            <li>
              Someone who knows your password can sign in as you. Without a PIN, they can then read what you wrote
              on this device.
            </li>
          </ul>
        </section>

        <section className="card" aria-labelledby="safe-tips">
          <h2 id="safe-tips">Things that help</h2>
          <ul>
            <li>
              Use a private (incognito) window. When you close it, the browser forgets this address and your
              sign-in.
            </li>
            <li>
              Otherwise, delete this site from your browsing history after each visit (in the browser&apos;s
              settings, under History or Privacy). Deleting all of it at once can look unusual.
            </li>
            <li>
              If you can, use a device the other person cannot reach: a trusted friend&apos;s phone, or a computer
              at a library or at work.
            </li>
            <li>
              Practise the quick exit once, so your hands know it: tap <strong>Exit now</strong>, or press{' '}
              <kbd>Shift</kbd> three times.
            </li>
            <li>
              If you are in danger right now, call <a href={telHref(local.emergency_number)}>{local.emergency_number}</a>.
            </li>
          </ul>
        </section>
      </div>
    </main>
  );
}
