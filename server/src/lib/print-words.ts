/**
 * The words printed on a controlled copy (the stamp on every page and the signature page), in
 * the language of the person who prints it. Names, titles, version numbers, digests and UTC
 * times are printed as they are in every language.
 *
 * The translations other than English are for review by a native speaker of each language
 * before they are relied on: they were written carefully but not checked by one.
 */
import type { LanguageCode } from '../../../common/languages';
import type { SignatureMethod } from '../../../common/contracts/signatures';
import { SIGNATURE_MEANING_LABELS, type SignedMeaning } from '../../../common/signature-meanings';

export interface PrintWords {
  /** The stamp's first line: what the document is. */
  stampDocument: (p: { title: string; version: string; since: string }) => string;
  /** The stamp's second line: who printed it and when, and that a printout is uncontrolled. */
  stampPrinted: (p: { name: string; at: string }) => string;
  signaturesTitle: string;
  continuedTitle: string;
  /** With '{page}' and '{pages}' to fill in. */
  pageLabel: string;
  versionLine: (title: string, version: string) => string;
  digestLine: (digest: string) => string;
  explanation: string;
  delegate: (name: string, absent: string) => string;
  meanings: Record<SignedMeaning, string>;
  meaningLine: (p: { meaning: string; step: string | null; carriedFrom: string | null }) => string;
  signedLine: (at: string, method: SignatureMethod | null) => string;
  signedDigestLine: (digest: string | null) => string;
  noSignatures: string;
  /** A manual's controlled copy: its cover, contents, list of effective sections and stamp. */
  manual: {
    asInForce: (date: string) => string;
    uncontrolled: string;
    printed: (name: string, at: string) => string;
    contents: string;
    effective: string;
    header: [string, string, string, string];
    noFiles: string;
    noVersion: string;
    sectionStatus: (version: string, since: string) => string;
    stamp: (p: { code: string; title: string; date: string }) => string;
  };
}

const en: PrintWords = {
  stampDocument: (p) => `${p.title} · Version ${p.version} · In force since ${p.since}`,
  stampPrinted: (p) => `Printed by ${p.name} on ${p.at} · Uncontrolled when printed`,
  signaturesTitle: 'Electronic signatures',
  continuedTitle: 'Electronic signatures (continued)',
  pageLabel: 'Signature page {page} of {pages}',
  versionLine: (title, version) => `${title} · Version ${version}`,
  digestLine: (digest) => `SHA-256 of this version (its text and files): ${digest}`,
  explanation:
    'Each signature names the signer, what it means, when it was made (UTC), how the signer proved who they were, and the SHA-256 of the version signed: a signature whose SHA-256 differs from the one above was made for other content.',
  delegate: (name, absent) => `${name}, delegate for ${absent}`,
  meanings: SIGNATURE_MEANING_LABELS,
  meaningLine: (p) =>
    `Meaning: ${p.meaning}${p.step ? ` (step: ${p.step})` : ''}${p.carriedFrom ? ` - signed for version ${p.carriedFrom}, carried over to this editorial revision` : ''}`,
  signedLine: (at, method) => `Signed: ${at} · Method: ${method ?? 'none (signatures were not required)'}`,
  signedDigestLine: (digest) => `SHA-256 of the signed version: ${digest ?? 'not recorded'}`,
  noSignatures: 'No electronic signatures recorded for this version.',
  manual: {
    asInForce: (date) => `As in force on ${date}`,
    uncontrolled: 'Uncontrolled when printed',
    printed: (name, at) => `Printed by ${name} on ${at}`,
    contents: 'Contents',
    effective: 'List of effective sections',
    header: ['Section', 'Title', 'Version', 'In force since'],
    noFiles: 'This section has no PDF file to print: read it in SOP Harbor.',
    noVersion: 'No version in force',
    sectionStatus: (version, since) => `Version ${version} · In force since ${since}`,
    stamp: (p) => `${p.title} (${p.code}) · Controlled copy as in force on ${p.date}`,
  },
};

const fil: PrintWords = {
  stampDocument: (p) => `${p.title} · Bersyon ${p.version} · Ipinapatupad mula ${p.since}`,
  stampPrinted: (p) => `Inilimbag ni ${p.name} noong ${p.at} · Hindi kontrolado kapag nailimbag`,
  signaturesTitle: 'Mga elektronikong lagda',
  continuedTitle: 'Mga elektronikong lagda (karugtong)',
  pageLabel: 'Pahina ng mga lagda {page} ng {pages}',
  versionLine: (title, version) => `${title} · Bersyon ${version}`,
  digestLine: (digest) => `SHA-256 ng bersyong ito (ang teksto at mga file nito): ${digest}`,
  explanation:
    'Nakasaad sa bawat lagda ang lumagda, ang kahulugan nito, kung kailan ito ginawa (UTC), kung paano pinatunayan ng lumagda kung sino siya, at ang SHA-256 ng nilagdaang bersyon: ang lagdang may SHA-256 na iba sa nasa itaas ay ginawa para sa ibang nilalaman.',
  delegate: (name, absent) => `${name}, kinatawan ni ${absent}`,
  meanings: {
    approved: 'Inaprubahan',
    reviewed: 'Nirepaso',
    changes_requested: 'Humiling ng mga pagbabago',
    rejected: 'Tinanggihan',
    read_and_understood: 'Nabasa at naunawaan',
  },
  meaningLine: (p) =>
    `Kahulugan: ${p.meaning}${p.step ? ` (hakbang: ${p.step})` : ''}${p.carriedFrom ? ` - nilagdaan para sa bersyon ${p.carriedFrom}, inilipat sa editoryal na rebisyong ito` : ''}`,
  signedLine: (at, method) => `Nilagdaan: ${at} · Paraan: ${method ?? 'wala (hindi kinailangan ang mga lagda)'}`,
  signedDigestLine: (digest) => `SHA-256 ng nilagdaang bersyon: ${digest ?? 'hindi naitala'}`,
  noSignatures: 'Walang elektronikong lagdang naitala para sa bersyong ito.',
  manual: {
    asInForce: (date) => `Ayon sa ipinapatupad noong ${date}`,
    uncontrolled: 'Hindi kontrolado kapag nailimbag',
    printed: (name, at) => `Inilimbag ni ${name} noong ${at}`,
    contents: 'Nilalaman',
    effective: 'Listahan ng mga ipinapatupad na seksyon',
    header: ['Seksyon', 'Pamagat', 'Bersyon', 'Ipinapatupad mula'],
    noFiles: 'Walang PDF file na maililimbag ang seksyong ito: basahin ito sa SOP Harbor.',
    noVersion: 'Walang ipinapatupad na bersyon',
    sectionStatus: (version, since) => `Bersyon ${version} · Ipinapatupad mula ${since}`,
    stamp: (p) => `${p.title} (${p.code}) · Kontroladong kopya ayon sa ipinapatupad noong ${p.date}`,
  },
};

const id: PrintWords = {
  stampDocument: (p) => `${p.title} · Versi ${p.version} · Berlaku sejak ${p.since}`,
  stampPrinted: (p) => `Dicetak oleh ${p.name} pada ${p.at} · Tidak terkendali setelah dicetak`,
  signaturesTitle: 'Tanda tangan elektronik',
  continuedTitle: 'Tanda tangan elektronik (lanjutan)',
  pageLabel: 'Halaman tanda tangan {page} dari {pages}',
  versionLine: (title, version) => `${title} · Versi ${version}`,
  digestLine: (digest) => `SHA-256 versi ini (teks dan berkasnya): ${digest}`,
  explanation:
    'Setiap tanda tangan menyebutkan penanda tangan, maknanya, kapan dibuat (UTC), cara penanda tangan membuktikan identitasnya, dan SHA-256 versi yang ditandatangani: tanda tangan yang SHA-256-nya berbeda dari yang di atas dibuat untuk isi yang lain.',
  delegate: (name, absent) => `${name}, mewakili ${absent}`,
  meanings: {
    approved: 'Disetujui',
    reviewed: 'Ditinjau',
    changes_requested: 'Perubahan diminta',
    rejected: 'Ditolak',
    read_and_understood: 'Dibaca dan dipahami',
  },
  meaningLine: (p) =>
    `Makna: ${p.meaning}${p.step ? ` (tahap: ${p.step})` : ''}${p.carriedFrom ? ` - ditandatangani untuk versi ${p.carriedFrom}, dibawa ke revisi editorial ini` : ''}`,
  signedLine: (at, method) =>
    `Ditandatangani: ${at} · Metode: ${method === 'password' ? 'kata sandi' : (method ?? 'tidak ada (tanda tangan tidak diwajibkan)')}`,
  signedDigestLine: (digest) => `SHA-256 versi yang ditandatangani: ${digest ?? 'tidak tercatat'}`,
  noSignatures: 'Tidak ada tanda tangan elektronik yang tercatat untuk versi ini.',
  manual: {
    asInForce: (date) => `Sebagaimana berlaku pada ${date}`,
    uncontrolled: 'Tidak terkendali bila dicetak',
    printed: (name, at) => `Dicetak oleh ${name} pada ${at}`,
    contents: 'Daftar isi',
    effective: 'Daftar bagian yang berlaku',
    header: ['Bagian', 'Judul', 'Versi', 'Berlaku sejak'],
    noFiles: 'Bagian ini tidak memiliki berkas PDF untuk dicetak: bacalah di SOP Harbor.',
    noVersion: 'Tidak ada versi yang berlaku',
    sectionStatus: (version, since) => `Versi ${version} · Berlaku sejak ${since}`,
    stamp: (p) => `${p.title} (${p.code}) · Salinan terkendali sebagaimana berlaku pada ${p.date}`,
  },
};

const hi: PrintWords = {
  stampDocument: (p) => `${p.title} · संस्करण ${p.version} · ${p.since} से लागू`,
  stampPrinted: (p) => `${p.name} द्वारा ${p.at} को मुद्रित · मुद्रित प्रति अनियंत्रित है`,
  signaturesTitle: 'इलेक्ट्रॉनिक हस्ताक्षर',
  continuedTitle: 'इलेक्ट्रॉनिक हस्ताक्षर (जारी)',
  pageLabel: 'हस्ताक्षर पृष्ठ {page} / {pages}',
  versionLine: (title, version) => `${title} · संस्करण ${version}`,
  digestLine: (digest) => `इस संस्करण (इसके पाठ और फ़ाइलों) का SHA-256: ${digest}`,
  explanation:
    'प्रत्येक हस्ताक्षर में हस्ताक्षरकर्ता का नाम, हस्ताक्षर का अर्थ, वह कब किया गया (UTC), हस्ताक्षरकर्ता ने अपनी पहचान कैसे सिद्ध की, और हस्ताक्षरित संस्करण का SHA-256 दिया गया है: जिस हस्ताक्षर का SHA-256 ऊपर दिए गए से भिन्न है, वह किसी अन्य सामग्री के लिए किया गया था।',
  delegate: (name, absent) => `${name}, ${absent} की ओर से प्रतिनिधि`,
  meanings: {
    approved: 'स्वीकृत',
    reviewed: 'समीक्षित',
    changes_requested: 'बदलाव का अनुरोध',
    rejected: 'अस्वीकृत',
    read_and_understood: 'पढ़ा और समझा',
  },
  meaningLine: (p) =>
    `अर्थ: ${p.meaning}${p.step ? ` (चरण: ${p.step})` : ''}${p.carriedFrom ? ` - संस्करण ${p.carriedFrom} के लिए हस्ताक्षरित, इस संपादकीय संशोधन में आगे लाया गया` : ''}`,
  signedLine: (at, method) =>
    `हस्ताक्षर का समय: ${at} · विधि: ${method === 'password' ? 'पासवर्ड' : method === 'passkey' ? 'पासकी' : 'कोई नहीं (हस्ताक्षर आवश्यक नहीं थे)'}`,
  signedDigestLine: (digest) => `हस्ताक्षरित संस्करण का SHA-256: ${digest ?? 'दर्ज नहीं'}`,
  noSignatures: 'इस संस्करण के लिए कोई इलेक्ट्रॉनिक हस्ताक्षर दर्ज नहीं है।',
  manual: {
    asInForce: (date) => `${date} को लागू रूप में`,
    uncontrolled: 'मुद्रित प्रति अनियंत्रित है',
    printed: (name, at) => `${name} द्वारा ${at} को मुद्रित`,
    contents: 'विषय-सूची',
    effective: 'लागू खंडों की सूची',
    header: ['खंड', 'शीर्षक', 'संस्करण', 'कब से लागू'],
    noFiles: 'इस खंड की कोई PDF फ़ाइल मुद्रण के लिए नहीं है: इसे SOP Harbor में पढ़ें।',
    noVersion: 'कोई लागू संस्करण नहीं',
    sectionStatus: (version, since) => `संस्करण ${version} · ${since} से लागू`,
    stamp: (p) => `${p.title} (${p.code}) · ${p.date} को लागू रूप की नियंत्रित प्रति`,
  },
};

const uk: PrintWords = {
  stampDocument: (p) => `${p.title} · Версія ${p.version} · Чинна з ${p.since}`,
  stampPrinted: (p) => `Надруковано: ${p.name}, ${p.at} · Після друку копія неконтрольована`,
  signaturesTitle: 'Електронні підписи',
  continuedTitle: 'Електронні підписи (продовження)',
  pageLabel: 'Сторінка підписів {page} з {pages}',
  versionLine: (title, version) => `${title} · Версія ${version}`,
  digestLine: (digest) => `SHA-256 цієї версії (її тексту та файлів): ${digest}`,
  explanation:
    'Кожен підпис містить ім’я підписанта, значення підпису, час його створення (UTC), спосіб, яким підписант підтвердив свою особу, і SHA-256 підписаної версії: підпис, SHA-256 якого відрізняється від наведеного вище, було зроблено для іншого вмісту.',
  delegate: (name, absent) => `${name}, за дорученням: ${absent}`,
  meanings: {
    approved: 'Затверджено',
    reviewed: 'Переглянуто',
    changes_requested: 'Запитано зміни',
    rejected: 'Відхилено',
    read_and_understood: 'Прочитано й зрозуміло',
  },
  meaningLine: (p) =>
    `Значення: ${p.meaning}${p.step ? ` (етап: ${p.step})` : ''}${p.carriedFrom ? ` - підписано для версії ${p.carriedFrom}, перенесено до цієї редакційної зміни` : ''}`,
  signedLine: (at, method) =>
    `Підписано: ${at} · Спосіб: ${method === 'password' ? 'пароль' : method === 'passkey' ? 'ключ доступу' : 'немає (підписи не вимагалися)'}`,
  signedDigestLine: (digest) => `SHA-256 підписаної версії: ${digest ?? 'не зафіксовано'}`,
  noSignatures: 'Для цієї версії не зафіксовано жодного електронного підпису.',
  manual: {
    asInForce: (date) => `Чинна редакція на ${date}`,
    uncontrolled: 'Після друку копія неконтрольована',
    printed: (name, at) => `Надруковано: ${name}, ${at}`,
    contents: 'Зміст',
    effective: 'Перелік чинних розділів',
    header: ['Розділ', 'Назва', 'Версія', 'Чинна з'],
    noFiles: 'Цей розділ не має PDF-файлу для друку: читайте його в SOP Harbor.',
    noVersion: 'Немає чинної версії',
    sectionStatus: (version, since) => `Версія ${version} · Чинна з ${since}`,
    stamp: (p) => `${p.title} (${p.code}) · Контрольована копія, чинна на ${p.date}`,
  },
};

const es: PrintWords = {
  stampDocument: (p) => `${p.title} · Versión ${p.version} · En vigor desde ${p.since}`,
  stampPrinted: (p) => `Impreso por ${p.name} el ${p.at} · Copia no controlada una vez impresa`,
  signaturesTitle: 'Firmas electrónicas',
  continuedTitle: 'Firmas electrónicas (continuación)',
  pageLabel: 'Página de firmas {page} de {pages}',
  versionLine: (title, version) => `${title} · Versión ${version}`,
  digestLine: (digest) => `SHA-256 de esta versión (su texto y sus archivos): ${digest}`,
  explanation:
    'Cada firma indica quién firmó, qué significa, cuándo se hizo (UTC), cómo acreditó el firmante su identidad y el SHA-256 de la versión firmada: una firma cuyo SHA-256 difiera del de arriba se hizo para otro contenido.',
  delegate: (name, absent) => `${name}, en representación de ${absent}`,
  meanings: {
    approved: 'Aprobado',
    reviewed: 'Revisado',
    changes_requested: 'Cambios solicitados',
    rejected: 'Rechazado',
    read_and_understood: 'Leído y comprendido',
  },
  meaningLine: (p) =>
    `Significado: ${p.meaning}${p.step ? ` (paso: ${p.step})` : ''}${p.carriedFrom ? ` - firmada para la versión ${p.carriedFrom}, trasladada a esta revisión editorial` : ''}`,
  signedLine: (at, method) =>
    `Firmado: ${at} · Método: ${method === 'password' ? 'contraseña' : method === 'passkey' ? 'llave de acceso' : 'ninguno (no se exigían firmas)'}`,
  signedDigestLine: (digest) => `SHA-256 de la versión firmada: ${digest ?? 'no registrado'}`,
  noSignatures: 'No hay firmas electrónicas registradas para esta versión.',
  manual: {
    asInForce: (date) => `Según lo vigente el ${date}`,
    uncontrolled: 'No controlado una vez impreso',
    printed: (name, at) => `Impreso por ${name} el ${at}`,
    contents: 'Índice',
    effective: 'Lista de secciones vigentes',
    header: ['Sección', 'Título', 'Versión', 'Vigente desde'],
    noFiles: 'Esta sección no tiene un archivo PDF para imprimir: léala en SOP Harbor.',
    noVersion: 'Sin versión vigente',
    sectionStatus: (version, since) => `Versión ${version} · Vigente desde ${since}`,
    stamp: (p) => `${p.title} (${p.code}) · Copia controlada según lo vigente el ${p.date}`,
  },
};

export const PRINT_WORDS: Record<LanguageCode, PrintWords> = { en, fil, id, hi, uk, es };
