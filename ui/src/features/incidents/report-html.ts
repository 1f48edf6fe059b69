import type { Translate } from '../../lib/i18n';
import { secondTokenFile } from '../../lib/evidence-bundle';
import { formatMoment } from '../../lib/dates';
import { parseContent, type EntryContent, type EvidenceEntry } from './incident-model';
import { kindLabel } from './kind-labels';

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

// Prints cleanly to PDF from any browser: black on white, no page break inside an incident.
const STYLE = `body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#111;line-height:1.5}
h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2rem;border-top:1px solid #999;padding-top:1rem}
article{break-inside:avoid}dt{font-weight:600}dd{margin:0 0 .5rem 0;white-space:pre-wrap}
code{font-size:.8rem;word-break:break-all}.amend{border-left:3px solid #666;padding-left:1rem;margin:1rem 0}
.seal{font-size:.9rem;color:#333}@media print{body{margin:0}a{color:#111}}`;

export function page(lang: string, title: string, body: string): string {
  return `<!doctype html><html lang="${esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>\n`;
}

function when(c: EntryContent, lang: string, t: Translate): string {
  if (!c.when) return '';
  const start = formatMoment(c.when.start, lang, c.when.time_zone);
  const text = c.when.end ? t('incidents.range', { start, end: formatMoment(c.when.end, lang, c.when.time_zone) }) : start;
  return c.when.about ? t('incidents.about', { when: text }) : text;
}

function seal(e: EvidenceEntry, c: EntryContent, lang: string, t: Translate): string {
  return `<p class="seal">${esc(
    t(c.written_offline ? 'incidents.reportSealOffline' : 'incidents.reportSeal', {
      written: formatMoment(c.written_at, lang),
      stamped: e.stampedAt ? formatMoment(e.stampedAt, lang) : '',
    }),
  )}${
    e.secondStampedAt ? ` ${esc(t('incidents.secondStamp', { stamped: formatMoment(e.secondStampedAt, lang) }))}` : ''
  }<br>${esc(t('incidents.reportDigest'))} <code>${e.digest}</code></p>`;
}

/**
 * The authority the stamps were made by, named as it is: who runs it (`timestamp.operator_name`, else the server's
 * address), its certificate's subject and fingerprint, and where the operator publishes it, for the reader to compare.
 */
export type PublishedCertificate = { sha256: string; url: string; subject: string; operator: string; page?: string };

/** What the pages say of the certificate, and of the operator's own page for its fingerprint when there is one. */
function certificateWords(key: string, certificate: PublishedCertificate, t: Translate): string {
  const page = certificate.page ? ` ${t('incidents.reportCertificatePage', { page: certificate.page })}` : '';
  return esc(t(key, certificate) + page);
}

function list(items: string[]): string {
  return `<ul>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`;
}

/** The printable report in her language: every time with its zone, every digest beside its entry. */
export function reportHtml(
  entries: EvidenceEntry[],
  shown: Set<string>,
  t: Translate,
  lang: string,
  now: Date,
  categories: readonly { id: string; label: string }[],
  certificate: PublishedCertificate,
): string {
  const incidents = entries.filter((e) => e.kind === 'incident' && shown.has(e.id));
  const parts = [`<h1>${esc(t('incidents.reportTitle'))}</h1>`];
  parts.push(`<p>${esc(t('incidents.reportMade', { when: formatMoment(now.toISOString(), lang), count: incidents.length }))}</p>`);
  parts.push(`<p>${esc(t('incidents.reportIntro'))}</p>`);
  parts.push(`<p>${certificateWords('incidents.reportCertificate', certificate, t)}</p>`);
  for (const e of incidents) {
    const c = parseContent(e);
    const rows: [string, string][] = [
      [t('incidents.where'), esc(c.where ?? '')],
      [t('incidents.kinds'), esc((c.kinds ?? []).map((k) => kindLabel(categories, k)).join(', '))],
      [t('incidents.what'), esc(c.what_happened ?? '')],
      [t('incidents.injuries'), esc(c.injuries ?? '')],
      [t('incidents.medical'), esc(c.medical_help ?? '')],
      [t('incidents.witnesses'), c.witnesses?.length ? list(c.witnesses) : ''],
      [t('incidents.references'), c.complaint_numbers?.length ? list(c.complaint_numbers) : ''],
      [
        t('incidents.attachments'),
        e.attachments.length
          ? `<ul>${e.attachments
              .map((a) => `<li><a href="${esc(a.file)}">${esc(a.file)}</a><br><code>SHA-256 ${a.sha256}</code></li>`)
              .join('')}</ul>`
          : '',
      ],
    ];
    const amendments = entries.filter((a) => a.kind === 'amendment' && parseContent(a).amends === e.id);
    parts.push(
      `<article><h2>${esc(when(c, lang, t))}</h2><dl>${rows
        .filter(([, v]) => v)
        .map(([k, v]) => `<dt>${esc(k)}</dt><dd>${v}</dd>`)
        .join('')}</dl>${seal(e, c, lang, t)}${amendments
        .map((a) => {
          const ac = parseContent(a);
          return `<div class="amend"><p><strong>${esc(
            t('incidents.amendedOn', { when: formatMoment(ac.written_at, lang) }),
          )}</strong></p><p>${esc(ac.text ?? '')}</p>${seal(a, ac, lang, t)}</div>`;
        })
        .join('')}</article>`,
    );
  }
  const removals = entries.filter((e) => e.kind === 'removal').length;
  if (removals) parts.push(`<h2>${esc(t('incidents.reportRemovedTitle'))}</h2><p>${esc(t('incidents.reportRemoved', { count: removals }))}</p>`);
  const withheld = entries.filter((e) => !shown.has(e.id)).length;
  if (withheld) parts.push(`<p>${esc(t('incidents.reportWithheld', { count: withheld }))}</p>`);
  return page(lang, t('incidents.reportTitle'), parts.join('\n'));
}

/** A plain page on how anyone can check the bundle, with the binary or with OpenSSL alone. */
export function howToHtml(entries: EvidenceEntry[], t: Translate, lang: string, certificate: PublishedCertificate): string {
  const body = [
    `<h1>${esc(t('incidents.howToTitle'))}</h1>`,
    `<p>${esc(t('incidents.howToIntro'))}</p>`,
    `<h2>${esc(t('incidents.howToToolTitle'))}</h2>`,
    `<p>${esc(t('incidents.howToTool'))}</p>`,
    `<pre>solace verify-evidence BUNDLE.zip</pre>`,
    `<p>${esc(t('incidents.howToLocked'))}</p>`,
    `<pre>solace verify-evidence --password-file PASSWORD.txt BUNDLE.zip</pre>`,
    `<h2>${esc(t('incidents.howToOpensslTitle'))}</h2>`,
    `<p>${esc(t('incidents.howToOpenssl'))}</p>`,
    `<pre>${entries
      .map((e) => `openssl ts -verify -digest ${e.digest} -in tokens/${esc(e.id)}.tsr -token_in -CAfile certificate.pem`)
      .join('\n')}</pre>`,
    ...(entries.some((e) => e.secondToken)
      ? [
          `<p>${esc(t('incidents.howToSecond'))}</p>`,
          `<pre>solace verify-evidence --second-certificate SECOND-AUTHORITY.pem BUNDLE.zip\n${entries
            .filter((e) => e.secondToken)
            .map(
              (e) =>
                `openssl ts -verify -digest ${e.digest} -in ${esc(secondTokenFile(e.id))} -token_in -CAfile SECOND-AUTHORITY.pem`,
            )
            .join('\n')}</pre>`,
        ]
      : []),
    `<h2>${esc(t('incidents.howToCertificateTitle'))}</h2>`,
    `<p>${certificateWords('incidents.howToCertificate', certificate, t)}</p>`,
    `<pre>solace verify-evidence --certificate PUBLISHED.pem BUNDLE.zip</pre>`,
    `<p>${esc(t('incidents.howToDigest'))}</p>`,
    `<h2>${esc(t('incidents.howToMeansTitle'))}</h2>`,
    `<p>${esc(t('incidents.howToMeans'))}</p>`,
  ];
  return page(lang, t('incidents.howToTitle'), body.join('\n'));
}
