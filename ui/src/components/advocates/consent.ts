import type { Translate } from '../../lib/i18n';

/**
 * The consent record's sentences as she reads them before sharing, in her language (docs/advocates.md,
 * "Sharing"): what, with whom, until when, that she can take it back, that help never depends on it. The same
 * words travel sealed with what is shared.
 */
export function consentLines(t: Translate, what: string, advocate: string, until: string): string[] {
  return [
    t('sharing.consentWhat', { what }),
    t('sharing.consentWith', { advocate }),
    t('sharing.consentUntil', { until }),
    t('sharing.consentWithdraw'),
    t('sharing.consentChoice'),
  ];
}
