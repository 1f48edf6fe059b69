import * as pkijs from 'pkijs';

// The attribute names RFC 4514 gives short forms for, as `solace verify-evidence` prints them.
const NAME_ATTRIBUTES: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.9': 'STREET',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '0.9.2342.19200300.100.1.1': 'UID',
  '0.9.2342.19200300.100.1.25': 'DC',
};

/**
 * A PEM certificate's subject in RFC 4514's form ("CN=Solace time-stamping"), last attribute first, as
 * `solace verify-evidence` and x509-cert print it, so the report names the authority the same way.
 */
export function certificateSubject(pem: string): string {
  const der = Uint8Array.from(atob(pem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '')), (c) => c.charCodeAt(0));
  const cert = pkijs.Certificate.fromBER(der);
  return cert.subject.typesAndValues
    .map((tv) => {
      const value = String((tv.value.valueBlock as { value?: unknown }).value ?? '').replace(/([,+"\\<>;=])/g, '\\$1');
      return `${NAME_ATTRIBUTES[tv.type] ?? tv.type}=${value}`;
    })
    .reverse()
    .join(',');
}
