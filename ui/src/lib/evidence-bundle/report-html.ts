import type { Translate } from '../i18n';
import { formatMoment } from '../dates';
import { kindLabel } from '../incident-entry/kind-labels';
import { parseContent, type BundleAttachment, type BundleEntry, type EntryContent } from './entry';
import {
  CERTIFICATE_FILE,
  CHECK_FILE,
  entryFile,
  secondTokenFile,
  tokenFile,
  type BundleMaker,
  type PublishedCertificate,
} from './index';

export type { PublishedCertificate };

/** What the pages say of the certificate, and of the operator's own page for its fingerprint when there is one. */
function certificateWords(key: string, certificate: PublishedCertificate, t: Translate): string {
  const page = certificate.page ? ` ${t('incidents.reportCertificatePage', { page: certificate.page })}` : '';
  return esc(t(key, certificate) + page);
}

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

// One document on A4 or Letter alike: the printer's own page size, photos scaled to the column and never split,
// a heading kept with what follows it. On screen: black on white, a readable column.
const STYLE = `body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#111;line-height:1.5}
h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2rem;border-top:1px solid #999;padding-top:1rem}
h2,h3,dt{break-after:avoid}dt{font-weight:600}dd{margin:0 0 .5rem 0;white-space:pre-wrap}
code,pre{font-size:.8rem;word-break:break-all;white-space:pre-wrap}.amend{border-left:3px solid #666;padding-left:1rem;margin:1rem 0}
.amend,.seal,figure,li{break-inside:avoid}.seal{font-size:.9rem;color:#333}.id{font-size:.9rem}
figure{margin:.5rem 0}img{max-width:100%;height:auto}figure img{max-height:10cm;object-fit:contain;border:1px solid #999}
@page{size:auto;margin:15mm}
@media print{body{max-width:none;margin:0;padding:0;font-size:11pt}a{color:#111;text-decoration:none}}`;

export function page(lang: string, title: string, body: string): string {
  return `<!doctype html><html lang="${esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>\n`;
}

function when(c: EntryContent, lang: string, t: Translate): string {
  if (!c.when) return '';
  const start = formatMoment(c.when.start, lang, c.when.time_zone);
  const text = c.when.end ? t('incidents.range', { start, end: formatMoment(c.when.end, lang, c.when.time_zone) }) : start;
  return c.when.about ? t('incidents.about', { when: text }) : text;
}

/** The entry's id, which names its files in the ZIP, so a page of the report leads to what it is checked with. */
function entryId(e: BundleEntry, t: Translate): string {
  return `<p class="id">${esc(t('incidents.reportEntry', { id: e.id, file: entryFile(e.id), token: tokenFile(e.id) }))}</p>`;
}

function seal(e: BundleEntry, c: EntryContent, lang: string, t: Translate): string {
  return `<p class="seal">${esc(
    t(c.written_offline ? 'incidents.reportSealOffline' : 'incidents.reportSeal', {
      written: formatMoment(c.written_at, lang),
      stamped: e.stampedAt ? formatMoment(e.stampedAt, lang) : tokenFile(e.id),
    }),
  )}${
    e.secondStampedAt ? ` ${esc(t('incidents.secondStamp', { stamped: formatMoment(e.secondStampedAt, lang) }))}` : ''
  }<br>${esc(t('incidents.reportDigest'))} <code>${e.digest}</code></p>`;
}

function list(items: string[]): string {
  return `<ul>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`;
}

/** A photo shown, scaled, from its member in the ZIP beside its SHA-256; anything else named with its SHA-256. */
function attachment(a: BundleAttachment): string {
  const caption = `<a href="${esc(a.file)}">${esc(a.name)}</a> (${esc(a.file)})<br><code>SHA-256 ${esc(a.sha256)}</code>`;
  return a.type.startsWith('image/')
    ? `<li><figure><img src="${esc(a.file)}" alt="${esc(a.name)}"><figcaption>${caption}</figcaption></figure></li>`
    : `<li>${caption}</li>`;
}

/**
 * The printable report in her language: every entry with its id (the name of its files in the ZIP), every time with
 * its zone, every digest beside its entry, each photo beside its SHA-256, each correction saying what it corrects.
 * Only the entries in `shown` are read.
 */
export function reportHtml(
  entries: BundleEntry[],
  shown: Set<string>,
  t: Translate,
  lang: string,
  now: Date,
  categories: readonly { id: string; label: string }[],
  certificate: PublishedCertificate,
): string {
  const visible = entries.filter((e) => shown.has(e.id));
  const incidents = visible.filter((e) => e.kind === 'incident');
  const parts = [`<h1>${esc(t('incidents.reportTitle'))}</h1>`];
  parts.push(`<p>${esc(t('incidents.reportMade', { when: formatMoment(now.toISOString(), lang), count: incidents.length }))}</p>`);
  parts.push(`<p>${esc(t('incidents.reportIntro'))}</p>`);
  parts.push(`<p>${certificateWords('incidents.reportCertificate', certificate, t)}</p>`);
  parts.push(`<p>${esc(t('incidents.reportUnpack'))}</p>`);
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
      [t('incidents.attachments'), e.attachments.length ? `<ul>${e.attachments.map(attachment).join('')}</ul>` : ''],
    ];
    const amendments = visible.filter((a) => a.kind === 'amendment' && parseContent(a).amends === e.id);
    parts.push(
      `<article id="${esc(e.id)}"><h2>${esc(when(c, lang, t))}</h2>${entryId(e, t)}<dl>${rows
        .filter(([, v]) => v)
        .map(([k, v]) => `<dt>${esc(k)}</dt><dd>${v}</dd>`)
        .join('')}</dl>${seal(e, c, lang, t)}${amendments
        .map((a) => {
          const ac = parseContent(a);
          return `<div class="amend" id="${esc(a.id)}"><h3>${esc(
            t('incidents.amendedOn', { when: formatMoment(ac.written_at, lang) }),
          )}</h3>${entryId(a, t)}<p>${esc(t('incidents.reportAmends', { id: a.id, amends: e.id }))}</p><p>${esc(
            ac.text ?? '',
          )}</p>${seal(a, ac, lang, t)}</div>`;
        })
        .join('')}</article>`,
    );
  }
  const removals = visible.filter((e) => e.kind === 'removal');
  if (removals.length) {
    parts.push(
      `<h2>${esc(t('incidents.reportRemovedTitle'))}</h2><p>${esc(t('incidents.reportRemoved', { count: removals.length }))}</p>${list(
        removals.map((r) => t('incidents.reportRemovedOne', { id: r.id, removed: parseContent(r).removed?.id ?? '' })),
      )}`,
    );
  }
  const withheld = entries.length - visible.length;
  if (withheld) parts.push(`<p>${esc(t('incidents.reportWithheld', { count: withheld }))}</p>`);
  return page(lang, t('incidents.reportTitle'), parts.join('\n'));
}

/**
 * The OpenSSL commands for one shown entry: each file's SHA-256 computed again from the unpacked file, and the
 * token checked against the entry's own bytes, so one changed byte of the text or of a photo makes them fail.
 */
function opensslLines(e: BundleEntry, ca: string, token: string): string[] {
  return [
    `openssl dgst -sha256 ${entryFile(e.id)}                # = ${e.digest}`,
    `openssl ts -verify -data ${entryFile(e.id)} -in ${token} -token_in -CAfile ${ca}`,
    ...e.attachments.map((a) => `openssl dgst -sha256 ${a.file}   # = ${a.sha256}`),
  ];
}

/** A plain page on how anyone can check the bundle, with the binary or with OpenSSL alone, and where to get it. */
export function howToHtml(
  entries: BundleEntry[],
  shown: Set<string>,
  t: Translate,
  lang: string,
  certificate: PublishedCertificate,
  maker: BundleMaker,
): string {
  const visible = entries.filter((e) => shown.has(e.id));
  const withheld = entries.filter((e) => !shown.has(e.id));
  const seconds = entries.filter((e) => e.secondToken);
  const pre = (lines: string[]) => `<pre>${esc(lines.join('\n'))}</pre>`;
  const body = [
    `<h1>${esc(t('incidents.howToTitle'))}</h1>`,
    `<p>${esc(t('incidents.howToIntro'))}</p>`,
    `<h2>${esc(t('incidents.howToToolTitle'))}</h2>`,
    `<p>${esc(t('incidents.howToTool'))}</p>`,
    `<pre>solace verify-evidence BUNDLE.zip</pre>`,
    `<p>${esc(t('incidents.howToLocked'))}</p>`,
    `<pre>solace verify-evidence --password-file PASSWORD.txt BUNDLE.zip</pre>`,
    `<h3>${esc(t('incidents.howToGetTitle'))}</h3>`,
    `<p>${esc(maker.version ? t('incidents.howToGet', { site: maker.site, version: maker.version }) : t('incidents.howToGetNoVersion', { site: maker.site }))}</p>`,
    `<h2>${esc(t('incidents.howToOpensslTitle'))}</h2>`,
    `<p>${esc(t('incidents.howToScript'))}</p>`,
    `<pre>sh ${CHECK_FILE}</pre>`,
    `<p>${esc(t('incidents.howToOpenssl'))}</p>`,
    pre(visible.flatMap((e) => ['', ...opensslLines(e, CERTIFICATE_FILE, tokenFile(e.id))]).slice(1)),
    ...(withheld.length
      ? [
          `<p>${esc(t('incidents.howToWithheld'))}</p>`,
          pre(withheld.map((e) => `openssl ts -verify -digest ${e.digest} -in ${tokenFile(e.id)} -token_in -CAfile ${CERTIFICATE_FILE}`)),
        ]
      : []),
    ...(seconds.length
      ? [
          `<p>${esc(t('incidents.howToSecond'))}</p>`,
          pre([
            'solace verify-evidence --second-certificate SECOND-AUTHORITY.pem BUNDLE.zip',
            ...seconds.map((e) =>
              shown.has(e.id)
                ? `openssl ts -verify -data ${entryFile(e.id)} -in ${secondTokenFile(e.id)} -token_in -CAfile SECOND-AUTHORITY.pem`
                : `openssl ts -verify -digest ${e.digest} -in ${secondTokenFile(e.id)} -token_in -CAfile SECOND-AUTHORITY.pem`,
            ),
          ]),
        ]
      : []),
    `<h2>${esc(t('incidents.howToCertificateTitle'))}</h2>`,
    `<p>${certificateWords('incidents.howToCertificate', certificate, t)}</p>`,
    `<pre>solace verify-evidence --certificate PUBLISHED.pem BUNDLE.zip\nsh ${CHECK_FILE} PUBLISHED.pem</pre>`,
    `<p>${esc(t('incidents.howToDigest'))}</p>`,
    `<h2>${esc(t('incidents.howToMeansTitle'))}</h2>`,
    `<p>${esc(t('incidents.howToMeans'))}</p>`,
  ];
  return page(lang, t('incidents.howToTitle'), body.join('\n'));
}
