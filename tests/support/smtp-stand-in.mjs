// Starts the SMTP stand-in (smtp-stand-in.py beside this file: a real SMTP server from Debian's
// python3-aiosmtpd, as the browser tests use Debian's chromium) for the JavaScript suites, and hands over
// each message it receives as it arrives.
import { startPythonStandIn } from './python-stand-in.mjs';

/** Resolves once the server on 127.0.0.1:`port` accepts mail: `{ config, next(ms), close() }`. */
export async function startSmtpStandIn(port) {
  const server = await startPythonStandIn('smtp-stand-in.py', port, 'e-mail');
  return {
    /** The `[email]` section that sends through this server. */
    config: `[email]\nsmtp_url = "smtp://127.0.0.1:${port}?tls=none"\nfrom = "Solace alerts <alerts@solace.test>"\n`,
    /** The next message received: `{ to, from, subject, body }`; fails after `ms`. */
    next: server.next,
    close: server.close,
  };
}
