import { blank, box, hashTables, HASH_REPORT, templatePage, type CertificateFacts } from './court-certificate';
import { esc } from './report-html';

/**
 * The certificate of section 63(4)(c) of India's Bharatiya Sakshya Adhiniyam, 2023, in the form of the Act's Schedule:
 * Part A (the party's) filled in with what the bundle knows (SHA-256 of every record and attachment, SHA-256 ticked,
 * the hash report enclosed), her own particulars left blank; Part B (the expert's) left blank. In English, with the
 * Schedule's fields as the Act words them, and in Hindi, rendered here (the Act's official Hindi text governs).
 */
type Words = {
  title: string;
  notice: string[];
  partA: string;
  partB: string;
  /** The declarant's opening line with its blanks where the language puts them (`line` makes one); plain words, nothing to escape. */
  declarant(line: (what?: string) => string): string;
  producedA: string;
  producedB: string;
  sources: string[];
  other: string;
  make: string;
  color: string;
  serial: string;
  ids: string;
  relevant: string;
  filledRelevant(f: CertificateFacts): string;
  control: string;
  owned: string[];
  byMe: string;
  byMeEnd: string;
  hashA: string;
  hashB: string;
  algorithm: string;
  legally: string;
  enclosed: string;
  filledEnclosed: string;
  signA: string;
  signB: string;
  date: string;
  time: string;
  hours: string;
  place: string;
  tables: { record: string; kind: string; written: string; file: string; none: string };
  expertNote: string;
};

const ENGLISH: Words = {
  title: 'Certificate under section 63(4)(c) of the Bharatiya Sakshya Adhiniyam, 2023 (the Schedule)',
  notice: [
    'This is a template, not yet a certificate. The program that made this file filled in what it knows: the SHA-256 hash of every record and attachment in it. Everything else is for the people who sign it.',
    'Ask a lawyer before you use it: whether this form is what your court needs, who should sign Part A, and which expert should complete Part B.',
    'It was made on the device the records were exported from. Nothing was sent anywhere.',
  ],
  partA: 'PART A (To be filled by the Party)',
  partB: 'PART B (To be filled by the Expert)',
  declarant: (line) =>
    `I, ${line('Name')}, Son/daughter/spouse of ${line()} residing/employed at ${line()} do hereby solemnly affirm and sincerely state and submit as follows:—`,
  producedA: 'I have produced electronic record/output of the digital record taken from the following device/digital record source (tick mark):—',
  producedB: 'The produced electronic record/output of the digital record are obtained from the following device/digital record source (tick mark):—',
  sources: ['Computer / Storage Media', 'DVR', 'Mobile', 'Flash Drive', 'CD/DVD', 'Server', 'Cloud', 'Other'],
  other: 'Other',
  make: 'Make & Model',
  color: 'Color',
  serial: 'Serial Number',
  ids: 'IMEI/UIN/UID/MAC/Cloud ID (as applicable)',
  relevant: 'and any other relevant information, if any, about the device/digital record (specify):',
  filledRelevant: (f) =>
    `The records are entries of an incident log kept in the web browser of the device above, exported on ${f.made.toISOString()} (UTC) into the ZIP file this certificate is part of. Each record was sealed with its SHA-256 hash when it was saved and time-stamped under RFC 3161 by the time-stamping server of ${f.authority.operator} (certificate subject ${f.authority.subject}, SHA-256 fingerprint ${f.authority.sha256}).`,
  control:
    'The digital device or the digital record source was under the lawful control for regularly creating, storing or processing information for the purposes of carrying out regular activities and during this period, the computer or the communication device was working properly and the relevant information was regularly fed into the computer during the ordinary course of business. If the computer/digital device at any point of time was not working properly or out of operation, then it has not affected the electronic/digital record or its accuracy.',
  owned: ['Owned', 'Maintained', 'Managed', 'Operated'],
  byMe: 'The digital device or the source of the digital record is:—',
  byMeEnd: 'by me (select as applicable).',
  hashA: 'I state that the HASH value/s of the electronic/digital record/s is/are as listed below, obtained through the following algorithm:—',
  hashB: 'I state that the HASH value/s of the electronic/digital record/s is',
  algorithm: 'obtained through the following algorithm:—',
  legally: 'Legally acceptable standard',
  enclosed: '(Hash report to be enclosed with the certificate)',
  filledEnclosed: `Hash report enclosed: the file ${HASH_REPORT} in this ZIP file, which lists the SHA-256 of every other file in it.`,
  signA: 'Name and signature',
  signB: 'Name, designation and signature',
  date: 'Date (DD/MM/YYYY)',
  time: 'Time (IST)',
  hours: 'hours (In 24 hours format)',
  place: 'Place',
  tables: {
    record: 'Record',
    kind: 'Kind',
    written: 'Written (device clock, UTC)',
    file: 'Attachment',
    none: 'The records have no attachments.',
  },
  expertNote: `For the expert: each hash can be computed again from the ZIP file. In its unpacked folder, "sha256sum -c ${HASH_REPORT}" checks every file against the hash report; how-to-check.html shows how to check each record's time-stamp with OpenSSL or the solace program.`,
};

const HINDI: Words = {
  title: 'भारतीय साक्ष्य अधिनियम, 2023 की धारा 63(4)(ग) के अंतर्गत प्रमाणपत्र (अनुसूची)',
  notice: [
    'यह एक प्रारूप (टेम्पलेट) है, अभी प्रमाणपत्र नहीं। इस फ़ाइल को बनाने वाले प्रोग्राम ने वही भरा है जो उसे पता है: इसके हर रिकॉर्ड और हर संलग्न फ़ाइल का SHA-256 हैश। बाकी सब हस्ताक्षर करने वालों को भरना है।',
    'इसे इस्तेमाल करने से पहले किसी वकील से पूछें: क्या आपकी अदालत को यही प्रारूप चाहिए, भाग क पर कौन हस्ताक्षर करे, और भाग ख कौन-सा विशेषज्ञ भरे।',
    'यह अनुसूची के प्रारूप का हिंदी रूप है, जो इस प्रोग्राम ने बनाया है; अधिनियम का आधिकारिक हिंदी पाठ ही मान्य है। इसी फ़ाइल में अंग्रेज़ी रूप भी है।',
    'यह उसी डिवाइस पर बना है जिससे रिकॉर्ड निकाले गए। कुछ भी कहीं भेजा नहीं गया।',
  ],
  partA: 'भाग क (पक्षकार द्वारा भरा जाए)',
  partB: 'भाग ख (विशेषज्ञ द्वारा भरा जाए)',
  declarant: (line) =>
    `मैं, ${line('नाम')}, ${line()} का/की पुत्र/पुत्री/पति/पत्नी, ${line()} का/की निवासी/में कार्यरत, सत्यनिष्ठा से प्रतिज्ञान करता/करती हूँ और सच्चे मन से निम्नलिखित कथन और निवेदन करता/करती हूँ:—`,
  producedA: 'मैंने निम्नलिखित डिवाइस/डिजिटल रिकॉर्ड स्रोत से लिया गया इलेक्ट्रॉनिक रिकॉर्ड/डिजिटल रिकॉर्ड का आउटपुट प्रस्तुत किया है (सही का निशान लगाएँ):—',
  producedB: 'प्रस्तुत इलेक्ट्रॉनिक रिकॉर्ड/डिजिटल रिकॉर्ड का आउटपुट निम्नलिखित डिवाइस/डिजिटल रिकॉर्ड स्रोत से प्राप्त किया गया है (सही का निशान लगाएँ):—',
  sources: ['कंप्यूटर / स्टोरेज मीडिया', 'डीवीआर', 'मोबाइल', 'फ़्लैश ड्राइव', 'सीडी/डीवीडी', 'सर्वर', 'क्लाउड', 'अन्य'],
  other: 'अन्य',
  make: 'निर्माता और मॉडल',
  color: 'रंग',
  serial: 'सीरियल नंबर',
  ids: 'IMEI/UIN/UID/MAC/क्लाउड आईडी (जो लागू हो)',
  relevant: 'और डिवाइस/डिजिटल रिकॉर्ड के बारे में कोई अन्य संबंधित जानकारी, यदि हो (उल्लेख करें):',
  filledRelevant: (f) =>
    `ये रिकॉर्ड ऊपर बताए गए डिवाइस के वेब ब्राउज़र में रखे गए घटनाओं के रिकॉर्ड की प्रविष्टियाँ हैं, जिन्हें ${f.made.toISOString()} (UTC) को उस ZIP फ़ाइल में निकाला गया जिसका यह प्रमाणपत्र हिस्सा है। हर रिकॉर्ड को सहेजते समय उसके SHA-256 हैश से सील किया गया और ${f.authority.operator} के समय-मुहर सर्वर ने RFC 3161 के अनुसार उस पर समय-मुहर लगाई (प्रमाणपत्र का विषय ${f.authority.subject}, SHA-256 पहचान-छाप ${f.authority.sha256})।`,
  control:
    'डिजिटल डिवाइस या डिजिटल रिकॉर्ड का स्रोत नियमित गतिविधियों को करने के प्रयोजन के लिए जानकारी को नियमित रूप से बनाने, सहेजने या संसाधित करने के लिए विधिपूर्ण नियंत्रण में था, और इस अवधि के दौरान कंप्यूटर या संचार डिवाइस ठीक से काम कर रहा था और संबंधित जानकारी कामकाज के सामान्य क्रम में नियमित रूप से कंप्यूटर में डाली जाती थी। यदि कंप्यूटर/डिजिटल डिवाइस किसी समय ठीक से काम नहीं कर रहा था या बंद था, तो इससे इलेक्ट्रॉनिक/डिजिटल रिकॉर्ड या उसकी शुद्धता पर कोई असर नहीं पड़ा है।',
  owned: ['स्वामित्व में है', 'रखरखाव में है', 'प्रबंधन में है', 'संचालन में है'],
  byMe: 'डिजिटल डिवाइस या डिजिटल रिकॉर्ड का स्रोत मेरे:—',
  byMeEnd: '(जो लागू हो, चुनें)।',
  hashA: 'मैं कहता/कहती हूँ कि इलेक्ट्रॉनिक/डिजिटल रिकॉर्ड का/के हैश मान नीचे दिए गए हैं, जो निम्नलिखित एल्गोरिद्म से प्राप्त किए गए:—',
  hashB: 'मैं कहता/कहती हूँ कि इलेक्ट्रॉनिक/डिजिटल रिकॉर्ड का/के हैश मान है/हैं',
  algorithm: 'जो निम्नलिखित एल्गोरिद्म से प्राप्त किया गया/किए गए:—',
  legally: 'विधिक रूप से स्वीकार्य मानक',
  enclosed: '(हैश रिपोर्ट प्रमाणपत्र के साथ संलग्न की जाए)',
  filledEnclosed: `हैश रिपोर्ट संलग्न है: इस ZIP फ़ाइल में ${HASH_REPORT} फ़ाइल, जिसमें इसकी हर दूसरी फ़ाइल का SHA-256 लिखा है।`,
  signA: 'नाम और हस्ताक्षर',
  signB: 'नाम, पदनाम और हस्ताक्षर',
  date: 'तारीख़ (DD/MM/YYYY)',
  time: 'समय (IST)',
  hours: 'बजे (24 घंटे के प्रारूप में)',
  place: 'स्थान',
  tables: {
    record: 'रिकॉर्ड',
    kind: 'प्रकार',
    written: 'लिखा गया (डिवाइस की घड़ी, UTC)',
    file: 'संलग्न फ़ाइल',
    none: 'इन रिकॉर्ड के साथ कोई फ़ाइल संलग्न नहीं है।',
  },
  expertNote: `विशेषज्ञ के लिए: हर हैश ZIP फ़ाइल से फिर से निकाला जा सकता है। उसके खुले फ़ोल्डर में "sha256sum -c ${HASH_REPORT}" हर फ़ाइल को हैश रिपोर्ट से मिलाता है; how-to-check.html बताता है कि हर रिकॉर्ड की समय-मुहर OpenSSL या solace प्रोग्राम से कैसे जाँचें।`,
};

export const BSA_WORDS = { en: ENGLISH, hi: HINDI } as const;

/** The declarant's opening lines, the same in both parts. */
function declarant(w: Words): string {
  return `<p>${w.declarant(blank)}</p>`;
}

function device(w: Words, produced: string): string {
  return `<p>${esc(produced)}</p><p>${w.sources.map((s) => box(s)).join(' ')}</p><p>${esc(w.other)}: ${blank()}</p>
<p>${esc(w.make)}: ${blank()} ${esc(w.color)}: ${blank()}</p><p>${esc(w.serial)}: ${blank()}</p><p>${esc(w.ids)}: ${blank()}</p>`;
}

function algorithms(w: Words, sha256: boolean): string {
  return `<p>${box('SHA1')} ${box('SHA256', sha256)} ${box('MD5')} ${box(w.other)}: ${blank(w.legally)}</p>`;
}

function signature(w: Words, who: string): string {
  return `<div class="sign"><p>${blank()} (${esc(who)})</p><p>${esc(w.date)}: ${blank()}</p><p>${esc(w.time)}: ${blank()} ${esc(w.hours)}</p><p>${esc(w.place)}: ${blank()}</p></div>`;
}

/** The whole certificate in `lang` ('en' or 'hi'). */
export function bsaCertificateHtml(lang: 'en' | 'hi', facts: CertificateFacts): string {
  const w = BSA_WORDS[lang];
  const partA = [
    `<h2>${esc(w.partA)}</h2>`,
    declarant(w),
    device(w, w.producedA),
    `<p>${esc(w.relevant)}</p><p>${esc(w.filledRelevant(facts))}</p>`,
    `<p>${esc(w.control)}</p>`,
    `<p>${esc(w.byMe)}</p><p>${w.owned.map((o) => box(o)).join(' ')} ${esc(w.byMeEnd)}</p>`,
    `<p>${esc(w.hashA)}</p>`,
    algorithms(w, true),
    hashTables(facts, w.tables),
    `<p>${esc(w.enclosed)}</p><p>${esc(w.filledEnclosed)}</p>`,
    signature(w, w.signA),
  ];
  const partB = [
    `<section class="part"><h2>${esc(w.partB)}</h2>`,
    declarant(w),
    device(w, w.producedB),
    `<p>${esc(w.relevant)} ${blank()}</p>`,
    `<p>${esc(w.hashB)} ${blank()}, ${esc(w.algorithm)}</p>`,
    algorithms(w, false),
    `<p>${esc(w.enclosed)}</p>`,
    signature(w, w.signB),
    `<p>${esc(w.expertNote)}</p></section>`,
  ];
  return templatePage(lang, w.title, w.notice, [...partA, ...partB].join('\n'));
}
