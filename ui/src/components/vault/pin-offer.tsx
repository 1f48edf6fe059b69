import { useId, useState } from 'react';
import { useT } from '../../lib/i18n';
import { PinSetForm } from './pin-set-form';
import { declinePinOffer, useOfferPin } from '../../lib/vault/pin-state';
import { useVault } from '../../lib/vault/vault-context';

type Props = {
  /** The heading's level where it stands: 2 on a page of its own, 3 inside a section. */
  level?: 2 | 3;
};

/**
 * A short offer of a PIN where her password alone would open what matters most (docs/vault.md, "The PIN"):
 * starting a check-in, recording an incident, pairing with an advocate. Shown while this device has no PIN and
 * she has not said 'Not now' here; she can add the PIN right where she is, without losing what she typed.
 */
export function PinOffer({ level = 2 }: Props) {
  const t = useT();
  const id = useId();
  const { vault } = useVault();
  const offer = useOfferPin(vault);
  const [adding, setAdding] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const Heading = level === 2 ? 'h2' : 'h3';

  if (done) {
    return (
      <p role="status" className="pin-offer-done">
        {done}
      </p>
    );
  }
  if (!offer) return null;
  return (
    <section className="card stack pin-offer" aria-labelledby={`${id}-h`}>
      <Heading id={`${id}-h`} className="pin-offer-title">
        {t('vault.offerTitle')}
      </Heading>
      <p>{t('vault.offerText')}</p>
      {adding ? (
        <PinSetForm hasPin={false} onDone={setDone} onCancel={() => setAdding(false)} />
      ) : (
        <div className="vault-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setAdding(true)}>
            {t('vault.offerAdd')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => declinePinOffer(vault)}>
            {t('vault.offerLater')}
          </button>
        </div>
      )}
    </section>
  );
}
