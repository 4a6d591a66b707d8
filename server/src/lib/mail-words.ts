/**
 * Notification e-mail in the recipient's language: every notice's subject and text, and the
 * lines under it, in each language the app speaks. Titles, names, version numbers, dates
 * (YYYY-MM-DD, read the same everywhere) and the reviewer's comments go in as they are.
 *
 * The translations other than English were written carefully by us and are for review by a
 * native speaker of each language before they are relied on, like the server's refusals.
 */
import type { LanguageCode } from '../../../common/languages';

export interface Mail {
  subject: string;
  text: string;
}

export interface MailWords {
  /** The line with the link: the full address when PUBLIC_URL is set, else the screen's path. */
  openIt: (url: string) => string;
  openInApp: (path: string) => string;
  /** The last line: where mail of this kind is switched off. */
  switchOff: (where: string) => string;
  myAccount: string;
  approvalWaiting: (p: { title: string; version: string; step: string | null }) => Mail;
  changesRequested: (p: { name: string; title: string; version: string; comments: string | null }) => Mail;
  newReading: (p: { title: string; version: string }) => Mail;
  /** `stage` 'before': due in a few days; 'due': due today, or `pastDue`. */
  readingReminder: (p: { title: string; version: string; stage: 'before' | 'due'; due: string; pastDue: boolean }) => Mail;
  /** A person reminded by an approver or admin (`from`) of everything they have still to read. */
  readingNudge: (p: { from: string; items: { title: string; due: string }[] }) => Mail;
  reviewDue: (p: { title: string; due: string; past: boolean }) => Mail;
  backupFailed: (p: { trigger: string; at: string; error: string }) => Mail;
  /** One's suggestion for change answered: accepted, declined (with the reply), or done (the version taking it up is in force). */
  suggestionAnswered: (p: { title: string; status: 'accepted' | 'declined' | 'done'; reply: string | null }) => Mail;
}

const list = (items: { title: string; due: string }[], readBy: (due: string) => string) => items.map((w) => `- ${w.title} (${readBy(w.due)})`).join('\n');

const en: MailWords = {
  openIt: (url) => `Open it: ${url}`,
  openInApp: (path) => `Open it in SOP Harbor: ${path}`,
  switchOff: (where) => `You can switch these e-mails off on ${where}.`,
  myAccount: 'My Account in SOP Harbor',
  approvalWaiting: ({ title, version, step }) => ({
    subject: `Approval waiting: ${title} (v${version})`,
    text: `"${title}" version ${version} is waiting for your decision${step ? ` at the step "${step}"` : ''}.`,
  }),
  changesRequested: ({ name, title, version, comments }) => ({
    subject: `Changes requested: ${title}`,
    text: `${name} asked for changes to "${title}" version ${version}.${comments ? `\n\nComments: ${comments}` : ''}`,
  }),
  newReading: ({ title, version }) => ({
    subject: `New required reading: ${title}`,
    text: `"${title}" version ${version} is now in force. Please read it and confirm that you have.`,
  }),
  readingReminder: ({ title, version, stage, due, pastDue }) => ({
    subject: `${stage === 'before' ? 'Reading due soon' : 'Reading due'}: ${title}`,
    text: `Your reading of "${title}" version ${version} ${stage === 'before' ? `must be read by ${due}` : pastDue ? `was due on ${due}` : 'is due today'}. Please read it and confirm that you have.`,
  }),
  readingNudge: ({ from, items }) => ({
    subject: `Reminder: ${items.length === 1 ? 'a procedure is' : `${items.length} procedures are`} waiting for you to read`,
    text: `${from} reminds you to read and confirm:\n${list(items, (due) => `read by ${due}`)}`,
  }),
  reviewDue: ({ title, due, past }) => ({
    subject: `Review due: ${title}`,
    text: `The periodic review of "${title}" ${past ? 'was' : 'is'} due on ${due}. Confirm it is still valid, or revise it.`,
  }),
  backupFailed: ({ trigger, at, error }) => ({ subject: 'Backup failed', text: `The ${trigger} backup started at ${at} UTC failed: ${error}` }),
  suggestionAnswered: ({ title, status, reply }) => ({
    subject: `Your suggestion ${status === 'accepted' ? 'was accepted' : status === 'declined' ? 'was declined' : 'is done'}: ${title}`,
    text: `${status === 'accepted' ? `Your suggestion for a change to "${title}" was accepted; it will be taken up in the next version.` : status === 'declined' ? `Your suggestion for a change to "${title}" was declined.` : `Your suggestion for a change to "${title}" is done: the version that takes it up is in force.`}${reply ? `\n\nReply: ${reply}` : ''}`,
  }),
};

const fil: MailWords = {
  openIt: (url) => `Buksan ito: ${url}`,
  openInApp: (path) => `Buksan ito sa SOP Harbor: ${path}`,
  switchOff: (where) => `Maaari mong patayin ang mga e-mail na ito sa ${where}.`,
  myAccount: 'Aking Account sa SOP Harbor',
  approvalWaiting: ({ title, version, step }) => ({
    subject: `Naghihintay ng pag-apruba: ${title} (v${version})`,
    text: `Ang "${title}" bersiyon ${version} ay naghihintay ng iyong desisyon${step ? ` sa hakbang na "${step}"` : ''}.`,
  }),
  changesRequested: ({ name, title, version, comments }) => ({
    subject: `Hiniling ang mga pagbabago: ${title}`,
    text: `Humiling si ${name} ng mga pagbabago sa "${title}" bersiyon ${version}.${comments ? `\n\nMga komento: ${comments}` : ''}`,
  }),
  newReading: ({ title, version }) => ({
    subject: `Bagong kailangang basahin: ${title}`,
    text: `May bisa na ngayon ang "${title}" bersiyon ${version}. Pakibasa ito at kumpirmahin na nabasa mo na.`,
  }),
  readingReminder: ({ title, version, stage, due, pastDue }) => ({
    subject: `${stage === 'before' ? 'Malapit nang dapat basahin' : 'Dapat nang basahin'}: ${title}`,
    text: `Ang pagbasa mo ng "${title}" bersiyon ${version} ${stage === 'before' ? `ay dapat matapos bago ang ${due}` : pastDue ? `ay dapat natapos noong ${due}` : 'ay dapat matapos ngayong araw'}. Pakibasa ito at kumpirmahin na nabasa mo na.`,
  }),
  readingNudge: ({ from, items }) => ({
    subject: `Paalala: ${items.length === 1 ? 'may isang pamamaraang' : `may ${items.length} pamamaraang`} naghihintay na basahin mo`,
    text: `Pinaaalalahanan ka ni ${from} na basahin at kumpirmahin:\n${list(items, (due) => `basahin bago ang ${due}`)}`,
  }),
  reviewDue: ({ title, due, past }) => ({
    subject: `Dapat nang suriin: ${title}`,
    text: `Ang pana-panahong pagsusuri ng "${title}" ay ${past ? 'dapat natapos noong' : 'dapat matapos sa'} ${due}. Kumpirmahin na may bisa pa ito, o baguhin ito.`,
  }),
  backupFailed: ({ trigger, at, error }) => ({
    subject: 'Nabigo ang backup',
    text: `Nabigo ang ${trigger} na backup na sinimulan noong ${at} UTC: ${error}`,
  }),
  suggestionAnswered: ({ title, status, reply }) => ({
    subject: `${status === 'accepted' ? 'Tinanggap ang iyong mungkahi' : status === 'declined' ? 'Hindi tinanggap ang iyong mungkahi' : 'Naisagawa na ang iyong mungkahi'}: ${title}`,
    text: `${status === 'accepted' ? `Tinanggap ang iyong mungkahing pagbabago sa "${title}"; isasama ito sa susunod na bersiyon.` : status === 'declined' ? `Hindi tinanggap ang iyong mungkahing pagbabago sa "${title}".` : `Naisagawa na ang iyong mungkahing pagbabago sa "${title}": may bisa na ang bersiyong naglalaman nito.`}${reply ? `\n\nSagot: ${reply}` : ''}`,
  }),
};

const id: MailWords = {
  openIt: (url) => `Buka: ${url}`,
  openInApp: (path) => `Buka di SOP Harbor: ${path}`,
  switchOff: (where) => `Anda dapat mematikan e-mail ini di ${where}.`,
  myAccount: 'Akun Saya di SOP Harbor',
  approvalWaiting: ({ title, version, step }) => ({
    subject: `Menunggu persetujuan: ${title} (v${version})`,
    text: `"${title}" versi ${version} menunggu keputusan Anda${step ? ` pada langkah "${step}"` : ''}.`,
  }),
  changesRequested: ({ name, title, version, comments }) => ({
    subject: `Perubahan diminta: ${title}`,
    text: `${name} meminta perubahan pada "${title}" versi ${version}.${comments ? `\n\nKomentar: ${comments}` : ''}`,
  }),
  newReading: ({ title, version }) => ({
    subject: `Bacaan wajib baru: ${title}`,
    text: `"${title}" versi ${version} kini berlaku. Silakan baca dan konfirmasikan bahwa Anda telah membacanya.`,
  }),
  readingReminder: ({ title, version, stage, due, pastDue }) => ({
    subject: `${stage === 'before' ? 'Segera wajib dibaca' : 'Wajib dibaca'}: ${title}`,
    text: `Bacaan Anda atas "${title}" versi ${version} ${stage === 'before' ? `harus selesai paling lambat ${due}` : pastDue ? `jatuh tempo pada ${due}` : 'jatuh tempo hari ini'}. Silakan baca dan konfirmasikan bahwa Anda telah membacanya.`,
  }),
  readingNudge: ({ from, items }) => ({
    subject: `Pengingat: ${items.length === 1 ? 'satu prosedur' : `${items.length} prosedur`} menunggu untuk Anda baca`,
    text: `${from} mengingatkan Anda untuk membaca dan mengonfirmasi:\n${list(items, (due) => `baca paling lambat ${due}`)}`,
  }),
  reviewDue: ({ title, due, past }) => ({
    subject: `Tinjauan jatuh tempo: ${title}`,
    text: `Tinjauan berkala "${title}" ${past ? 'sudah jatuh tempo pada' : 'jatuh tempo pada'} ${due}. Konfirmasikan bahwa prosedur ini masih berlaku, atau revisi.`,
  }),
  backupFailed: ({ trigger, at, error }) => ({ subject: 'Cadangan gagal', text: `Cadangan ${trigger} yang dimulai pada ${at} UTC gagal: ${error}` }),
  suggestionAnswered: ({ title, status, reply }) => ({
    subject: `${status === 'accepted' ? 'Saran Anda diterima' : status === 'declined' ? 'Saran Anda ditolak' : 'Saran Anda sudah diterapkan'}: ${title}`,
    text: `${status === 'accepted' ? `Saran perubahan Anda untuk "${title}" diterima; saran itu akan dimasukkan ke versi berikutnya.` : status === 'declined' ? `Saran perubahan Anda untuk "${title}" ditolak.` : `Saran perubahan Anda untuk "${title}" sudah diterapkan: versi yang memuatnya kini berlaku.`}${reply ? `\n\nBalasan: ${reply}` : ''}`,
  }),
};

const hi: MailWords = {
  openIt: (url) => `इसे खोलें: ${url}`,
  openInApp: (path) => `इसे SOP Harbor में खोलें: ${path}`,
  switchOff: (where) => `आप ये ई-मेल ${where} पर बंद कर सकते हैं।`,
  myAccount: 'SOP Harbor में मेरा खाता',
  approvalWaiting: ({ title, version, step }) => ({
    subject: `स्वीकृति प्रतीक्षा में: ${title} (v${version})`,
    text: `"${title}" संस्करण ${version}${step ? ` चरण "${step}" पर` : ''} आपके निर्णय की प्रतीक्षा कर रहा है।`,
  }),
  changesRequested: ({ name, title, version, comments }) => ({
    subject: `बदलाव का अनुरोध: ${title}`,
    text: `${name} ने "${title}" संस्करण ${version} में बदलाव का अनुरोध किया है।${comments ? `\n\nटिप्पणियाँ: ${comments}` : ''}`,
  }),
  newReading: ({ title, version }) => ({
    subject: `नई अनिवार्य पढ़ाई: ${title}`,
    text: `"${title}" संस्करण ${version} अब लागू है। कृपया इसे पढ़ें और पुष्टि करें कि आपने पढ़ लिया है।`,
  }),
  readingReminder: ({ title, version, stage, due, pastDue }) => ({
    subject: `${stage === 'before' ? 'पढ़ाई की तारीख़ जल्द' : 'पढ़ाई की तारीख़'}: ${title}`,
    text: `"${title}" संस्करण ${version} ${stage === 'before' ? `${due} तक पढ़ना ज़रूरी है` : pastDue ? `${due} तक पढ़ना था` : 'आज तक पढ़ना है'}। कृपया इसे पढ़ें और पुष्टि करें कि आपने पढ़ लिया है।`,
  }),
  readingNudge: ({ from, items }) => ({
    subject: `अनुस्मारक: ${items.length === 1 ? 'एक प्रक्रिया' : `${items.length} प्रक्रियाएँ`} आपके पढ़ने की प्रतीक्षा में`,
    text: `${from} आपको पढ़ने और पुष्टि करने की याद दिलाते हैं:\n${list(items, (due) => `${due} तक पढ़ें`)}`,
  }),
  reviewDue: ({ title, due, past }) => ({
    subject: `समीक्षा देय: ${title}`,
    text: `"${title}" की आवधिक समीक्षा ${due} को ${past ? 'देय थी' : 'देय है'}। पुष्टि करें कि यह अब भी मान्य है, या इसे संशोधित करें।`,
  }),
  backupFailed: ({ trigger, at, error }) => ({ subject: 'बैकअप विफल', text: `${at} UTC पर शुरू हुआ ${trigger} बैकअप विफल रहा: ${error}` }),
  suggestionAnswered: ({ title, status, reply }) => ({
    subject: `${status === 'accepted' ? 'आपका सुझाव स्वीकार किया गया' : status === 'declined' ? 'आपका सुझाव अस्वीकार किया गया' : 'आपका सुझाव लागू हो गया'}: ${title}`,
    text: `${status === 'accepted' ? `"${title}" में बदलाव का आपका सुझाव स्वीकार किया गया; इसे अगले संस्करण में शामिल किया जाएगा।` : status === 'declined' ? `"${title}" में बदलाव का आपका सुझाव अस्वीकार किया गया।` : `"${title}" में बदलाव का आपका सुझाव लागू हो गया: जिस संस्करण में यह शामिल है, वह अब प्रभावी है।`}${reply ? `\n\nउत्तर: ${reply}` : ''}`,
  }),
};

/** Ukrainian's three forms of a counted noun: 1, 21 процедура; 2-4, 22-24 процедури; else процедур. */
function ukrainianCount(n: number, one: string, few: string, many: string) {
  const last = n % 10;
  const lastTwo = n % 100;
  if (last === 1 && lastTwo !== 11) return one;
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return few;
  return many;
}

const uk: MailWords = {
  openIt: (url) => `Відкрити: ${url}`,
  openInApp: (path) => `Відкрийте в SOP Harbor: ${path}`,
  switchOff: (where) => `Ці листи можна вимкнути тут: ${where}.`,
  myAccount: 'Мій обліковий запис у SOP Harbor',
  approvalWaiting: ({ title, version, step }) => ({
    subject: `Очікує затвердження: ${title} (v${version})`,
    text: `«${title}», версія ${version}, очікує вашого рішення${step ? ` на етапі «${step}»` : ''}.`,
  }),
  changesRequested: ({ name, title, version, comments }) => ({
    subject: `Запит на зміни: ${title}`,
    text: `${name} просить внести зміни до «${title}», версія ${version}.${comments ? `\n\nКоментарі: ${comments}` : ''}`,
  }),
  newReading: ({ title, version }) => ({
    subject: `Нове обов’язкове читання: ${title}`,
    text: `«${title}», версія ${version}, тепер чинна. Прочитайте її та підтвердьте, що прочитали.`,
  }),
  readingReminder: ({ title, version, stage, due, pastDue }) => ({
    subject: `${stage === 'before' ? 'Скоро термін читання' : 'Термін читання'}: ${title}`,
    text: `«${title}», версію ${version}, ${stage === 'before' ? `треба прочитати до ${due}` : pastDue ? `треба було прочитати до ${due}` : 'треба прочитати сьогодні'}. Прочитайте її та підтвердьте, що прочитали.`,
  }),
  readingNudge: ({ from, items }) => ({
    subject: `Нагадування: ${items.length === 1 ? 'процедура чекає' : `${items.length} ${ukrainianCount(items.length, 'процедура', 'процедури', 'процедур')} чекають`} на ваше читання`,
    text: `${from} нагадує вам прочитати та підтвердити:\n${list(items, (due) => `прочитати до ${due}`)}`,
  }),
  reviewDue: ({ title, due, past }) => ({
    subject: `Термін перегляду: ${title}`,
    text: `Періодичний перегляд «${title}» ${past ? 'мав відбутися' : 'має відбутися'} ${due}. Підтвердьте, що процедура досі чинна, або переробіть її.`,
  }),
  backupFailed: ({ trigger, at, error }) => ({
    subject: 'Резервне копіювання не вдалося',
    text: `Резервне копіювання (${trigger}), розпочате ${at} UTC, не вдалося: ${error}`,
  }),
  suggestionAnswered: ({ title, status, reply }) => ({
    subject: `${status === 'accepted' ? 'Вашу пропозицію прийнято' : status === 'declined' ? 'Вашу пропозицію відхилено' : 'Вашу пропозицію втілено'}: ${title}`,
    text: `${status === 'accepted' ? `Вашу пропозицію змінити «${title}» прийнято; її враховано в наступній версії.` : status === 'declined' ? `Вашу пропозицію змінити «${title}» відхилено.` : `Вашу пропозицію змінити «${title}» втілено: версія, що її враховує, набула чинності.`}${reply ? `\n\nВідповідь: ${reply}` : ''}`,
  }),
};

const es: MailWords = {
  openIt: (url) => `Ábralo: ${url}`,
  openInApp: (path) => `Ábralo en SOP Harbor: ${path}`,
  switchOff: (where) => `Puede desactivar estos correos en ${where}.`,
  myAccount: 'Mi cuenta en SOP Harbor',
  approvalWaiting: ({ title, version, step }) => ({
    subject: `Aprobación pendiente: ${title} (v${version})`,
    text: `"${title}" versión ${version} espera su decisión${step ? ` en el paso "${step}"` : ''}.`,
  }),
  changesRequested: ({ name, title, version, comments }) => ({
    subject: `Cambios solicitados: ${title}`,
    text: `${name} solicitó cambios en "${title}" versión ${version}.${comments ? `\n\nComentarios: ${comments}` : ''}`,
  }),
  newReading: ({ title, version }) => ({
    subject: `Nueva lectura obligatoria: ${title}`,
    text: `"${title}" versión ${version} ya está vigente. Léala y confirme que la ha leído.`,
  }),
  readingReminder: ({ title, version, stage, due, pastDue }) => ({
    subject: `${stage === 'before' ? 'Lectura próxima a vencer' : 'Lectura vencida'}: ${title}`,
    text: `Su lectura de "${title}" versión ${version} ${stage === 'before' ? `debe hacerse antes del ${due}` : pastDue ? `venció el ${due}` : 'vence hoy'}. Léala y confirme que la ha leído.`,
  }),
  readingNudge: ({ from, items }) => ({
    subject: `Recordatorio: ${items.length === 1 ? 'un procedimiento espera' : `${items.length} procedimientos esperan`} su lectura`,
    text: `${from} le recuerda leer y confirmar:\n${list(items, (due) => `leer antes del ${due}`)}`,
  }),
  reviewDue: ({ title, due, past }) => ({
    subject: `Revisión pendiente: ${title}`,
    text: `La revisión periódica de "${title}" ${past ? 'vencía' : 'vence'} el ${due}. Confirme que sigue vigente o revísela.`,
  }),
  backupFailed: ({ trigger, at, error }) => ({
    subject: 'Copia de seguridad fallida',
    text: `La copia de seguridad ${trigger} iniciada el ${at} UTC falló: ${error}`,
  }),
  suggestionAnswered: ({ title, status, reply }) => ({
    subject: `${status === 'accepted' ? 'Su sugerencia fue aceptada' : status === 'declined' ? 'Su sugerencia fue rechazada' : 'Su sugerencia está aplicada'}: ${title}`,
    text: `${status === 'accepted' ? `Su sugerencia de cambio en "${title}" fue aceptada; se incorporará en la próxima versión.` : status === 'declined' ? `Su sugerencia de cambio en "${title}" fue rechazada.` : `Su sugerencia de cambio en "${title}" está aplicada: la versión que la incorpora ya está vigente.`}${reply ? `\n\nRespuesta: ${reply}` : ''}`,
  }),
};

const WORDS: Record<LanguageCode, MailWords> = { en, fil, id, hi, uk, es };

/** The mail words of a language; English for none (a person who has not signed in yet). */
export const mailWords = (language: LanguageCode | null | undefined): MailWords => WORDS[language ?? 'en'] ?? en;
