/**
 * The server's refusals in the caller's language: the error handler translates every error
 * answer's `message` (and the `error` that upload routes repeat) here, the `code` and `field`
 * stay as they are. A sentence is looked up as written in English; a sentence with a number or
 * a name in it is matched by a pattern that builds the translation around them; anything else
 * stays English. Several schema refusals joined by '; ' are translated one by one.
 *
 * The translations other than English are for review by a native speaker of each language
 * before they are relied on: they were written carefully but not checked by one. 'SOP' stays
 * 'SOP' (Ukrainian 'СОП'); names, codes, file names and numbers are kept as they are.
 */
import type { LanguageCode } from '../../../common/languages';

export type TranslatedLanguage = Exclude<LanguageCode, 'en'>;
export const TRANSLATED_LANGUAGES: readonly TranslatedLanguage[] = ['fil', 'id', 'hi', 'uk', 'es'];
type Words = Record<TranslatedLanguage, string>;

/** English, Filipino, Indonesian, Hindi, Ukrainian, Spanish. */
type Row = [en: string, fil: string, id: string, hi: string, uk: string, es: string];

const SENTENCES: Row[] = [
  // Signing in, passwords, accounts
  ['Invalid username or password', 'Mali ang username o password', 'Nama pengguna atau kata sandi salah', 'उपयोगकर्ता नाम या पासवर्ड गलत है', 'Неправильне ім’я користувача або пароль', 'Usuario o contraseña incorrectos'],
  ['Unauthorized', 'Hindi awtorisado: mag-sign in muna', 'Tidak berwenang: masuk terlebih dahulu', 'अनधिकृत: पहले साइन इन करें', 'Немає доступу: спершу увійдіть', 'No autorizado: inicie sesión primero'],
  ['You do not have permission to do this', 'Wala kang pahintulot na gawin ito', 'Anda tidak memiliki izin untuk melakukan ini', 'आपको यह करने की अनुमति नहीं है', 'У вас немає дозволу на цю дію', 'No tiene permiso para hacer esto'],
  ['Not found', 'Hindi nahanap', 'Tidak ditemukan', 'नहीं मिला', 'Не знайдено', 'No encontrado'],
  ['The current password is not correct', 'Hindi tama ang kasalukuyang password', 'Kata sandi saat ini tidak benar', 'वर्तमान पासवर्ड सही नहीं है', 'Поточний пароль неправильний', 'La contraseña actual no es correcta'],
  ['Current password is required', 'Kailangan ang kasalukuyang password', 'Kata sandi saat ini wajib diisi', 'वर्तमान पासवर्ड आवश्यक है', 'Потрібно ввести поточний пароль', 'La contraseña actual es obligatoria'],
  ['Password is required', 'Kailangan ang password', 'Kata sandi wajib diisi', 'पासवर्ड आवश्यक है', 'Потрібно ввести пароль', 'La contraseña es obligatoria'],
  ['Password must be at least 8 characters', 'Dapat hindi bababa sa 8 character ang password', 'Kata sandi minimal 8 karakter', 'पासवर्ड कम से कम 8 अक्षरों का होना चाहिए', 'Пароль має містити щонайменше 8 символів', 'La contraseña debe tener al menos 8 caracteres'],
  ['Password must be at most 200 characters', 'Hindi dapat lumampas sa 200 character ang password', 'Kata sandi maksimal 200 karakter', 'पासवर्ड अधिकतम 200 अक्षरों का हो सकता है', 'Пароль може містити щонайбільше 200 символів', 'La contraseña debe tener como máximo 200 caracteres'],
  ['Password cannot be only spaces', 'Hindi maaaring puro espasyo ang password', 'Kata sandi tidak boleh hanya berisi spasi', 'पासवर्ड में केवल रिक्त स्थान नहीं हो सकते', 'Пароль не може складатися лише з пробілів', 'La contraseña no puede ser solo espacios'],
  ['Password must not be the same as the username', 'Hindi dapat kapareho ng username ang password', 'Kata sandi tidak boleh sama dengan nama pengguna', 'पासवर्ड उपयोगकर्ता नाम जैसा नहीं होना चाहिए', 'Пароль не має збігатися з ім’ям користувача', 'La contraseña no debe ser igual al nombre de usuario'],
  ["Passwords don't match", 'Hindi magkatugma ang mga password', 'Kata sandi tidak cocok', 'पासवर्ड मेल नहीं खाते', 'Паролі не збігаються', 'Las contraseñas no coinciden'],
  ['Please confirm the new password', 'Pakikumpirma ang bagong password', 'Harap konfirmasi kata sandi baru', 'कृपया नए पासवर्ड की पुष्टि करें', 'Підтвердьте новий пароль', 'Confirme la nueva contraseña'],
  ['Please confirm the password', 'Pakikumpirma ang password', 'Harap konfirmasi kata sandi', 'कृपया पासवर्ड की पुष्टि करें', 'Підтвердьте пароль', 'Confirme la contraseña'],
  ['This password is one of the most common passwords; choose one that is harder to guess', 'Isa ito sa mga pinakakaraniwang password; pumili ng mas mahirap hulaan', 'Kata sandi ini termasuk yang paling umum; pilih yang lebih sulit ditebak', 'यह सबसे आम पासवर्डों में से एक है; ऐसा पासवर्ड चुनें जिसका अनुमान लगाना कठिन हो', 'Цей пароль — один із найпоширеніших; виберіть такий, який важче вгадати', 'Esta contraseña es una de las más comunes; elija una más difícil de adivinar'],
  ['Username is required', 'Kailangan ang username', 'Nama pengguna wajib diisi', 'उपयोगकर्ता नाम आवश्यक है', 'Потрібно ввести ім’я користувача', 'El nombre de usuario es obligatorio'],
  ['Username must be at least 3 characters', 'Dapat hindi bababa sa 3 character ang username', 'Nama pengguna minimal 3 karakter', 'उपयोगकर्ता नाम कम से कम 3 अक्षरों का होना चाहिए', 'Ім’я користувача має містити щонайменше 3 символи', 'El nombre de usuario debe tener al menos 3 caracteres'],
  ['Username must be at most 50 characters', 'Hindi dapat lumampas sa 50 character ang username', 'Nama pengguna maksimal 50 karakter', 'उपयोगकर्ता नाम अधिकतम 50 अक्षरों का हो सकता है', 'Ім’я користувача може містити щонайбільше 50 символів', 'El nombre de usuario debe tener como máximo 50 caracteres'],
  ['Username may contain only letters, digits, ".", "_" and "-"', 'Mga titik, numero, ".", "_" at "-" lamang ang maaaring nasa username', 'Nama pengguna hanya boleh berisi huruf, angka, ".", "_" dan "-"', 'उपयोगकर्ता नाम में केवल अक्षर, अंक, ".", "_" और "-" हो सकते हैं', 'Ім’я користувача може містити лише літери, цифри, ".", "_" і "-"', 'El nombre de usuario solo puede contener letras, dígitos, ".", "_" y "-"'],
  ['Username already exists', 'May gumagamit na ng username na ito', 'Nama pengguna sudah digunakan', 'यह उपयोगकर्ता नाम पहले से मौजूद है', 'Таке ім’я користувача вже існує', 'El nombre de usuario ya existe'],
  ['Email already exists', 'May gumagamit na ng email na ito', 'Email sudah digunakan', 'यह ईमेल पहले से मौजूद है', 'Така електронна адреса вже існує', 'El correo electrónico ya existe'],
  ['Enter a valid email address', 'Maglagay ng wastong email address', 'Masukkan alamat email yang valid', 'एक मान्य ईमेल पता दर्ज करें', 'Введіть дійсну електронну адресу', 'Introduzca una dirección de correo electrónico válida'],
  ['Role must be user, approver or admin', 'Ang tungkulin ay dapat user, approver o admin', 'Peran harus user, approver, atau admin', 'भूमिका user, approver या admin होनी चाहिए', 'Роль має бути user, approver або admin', 'El rol debe ser user, approver o admin'],
  ['User not found', 'Hindi nahanap ang user', 'Pengguna tidak ditemukan', 'उपयोगकर्ता नहीं मिला', 'Користувача не знайдено', 'Usuario no encontrado'],
  ['Person not found', 'Hindi nahanap ang tao', 'Orang tersebut tidak ditemukan', 'व्यक्ति नहीं मिला', 'Особу не знайдено', 'Persona no encontrada'],
  ['You cannot deactivate your own account', 'Hindi mo maaaring i-deactivate ang sarili mong account', 'Anda tidak dapat menonaktifkan akun Anda sendiri', 'आप अपना खाता निष्क्रिय नहीं कर सकते', 'Ви не можете деактивувати власний обліковий запис', 'No puede desactivar su propia cuenta'],
  ['You cannot delete your own account', 'Hindi mo maaaring burahin ang sarili mong account', 'Anda tidak dapat menghapus akun Anda sendiri', 'आप अपना खाता हटा नहीं सकते', 'Ви не можете видалити власний обліковий запис', 'No puede eliminar su propia cuenta'],
  ['Your account has no e-mail address. An administrator can add one.', 'Walang e-mail address ang account mo. Maaaring magdagdag nito ang isang administrator.', 'Akun Anda tidak memiliki alamat e-mail. Administrator dapat menambahkannya.', 'आपके खाते में कोई ई-मेल पता नहीं है। कोई व्यवस्थापक इसे जोड़ सकता है।', 'У вашому обліковому записі немає електронної адреси. Її може додати адміністратор.', 'Su cuenta no tiene dirección de correo electrónico. Un administrador puede añadirla.'],
  ['Your e-mail address is already confirmed.', 'Nakumpirma na ang e-mail address mo.', 'Alamat e-mail Anda sudah dikonfirmasi.', 'आपका ई-मेल पता पहले ही पुष्ट हो चुका है।', 'Вашу електронну адресу вже підтверджено.', 'Su dirección de correo electrónico ya está confirmada.'],
  ['This server sends no e-mail, so your address cannot be confirmed by mail. An administrator can link your single sign-on account.', 'Hindi nagpapadala ng e-mail ang server na ito, kaya hindi makukumpirma ang address mo sa pamamagitan ng mail. Maaaring i-link ng isang administrator ang iyong single sign-on account.', 'Server ini tidak mengirim e-mail, jadi alamat Anda tidak dapat dikonfirmasi lewat surel. Administrator dapat menautkan akun single sign-on Anda.', 'यह सर्वर ई-मेल नहीं भेजता, इसलिए आपके पते की पुष्टि मेल से नहीं हो सकती। कोई व्यवस्थापक आपका सिंगल साइन-ऑन खाता जोड़ सकता है।', 'Цей сервер не надсилає електронних листів, тому вашу адресу не можна підтвердити поштою. Адміністратор може прив’язати ваш обліковий запис єдиного входу.', 'Este servidor no envía correo electrónico, así que su dirección no se puede confirmar por correo. Un administrador puede vincular su cuenta de inicio de sesión único.'],
  ['Your account is waiting for an administrator’s approval. You can sign in once it is approved.', 'Naghihintay pa ng pag-apruba ng administrator ang account mo. Makakapag-sign in ka kapag naaprubahan na ito.', 'Akun Anda menunggu persetujuan administrator. Anda dapat masuk setelah akun disetujui.', 'आपका खाता व्यवस्थापक की स्वीकृति की प्रतीक्षा में है। स्वीकृत होने के बाद आप साइन इन कर सकते हैं।', 'Ваш обліковий запис очікує схвалення адміністратора. Ви зможете увійти, щойно його схвалять.', 'Su cuenta está pendiente de la aprobación de un administrador. Podrá iniciar sesión cuando se apruebe.'],
  ['Your account was created and is waiting for an administrator’s approval. You can sign in once it is approved.', 'Nagawa na ang account mo at naghihintay ito ng pag-apruba ng administrator. Makakapag-sign in ka kapag naaprubahan na ito.', 'Akun Anda telah dibuat dan menunggu persetujuan administrator. Anda dapat masuk setelah akun disetujui.', 'आपका खाता बन गया है और व्यवस्थापक की स्वीकृति की प्रतीक्षा में है। स्वीकृत होने के बाद आप साइन इन कर सकते हैं।', 'Ваш обліковий запис створено, і він очікує схвалення адміністратора. Ви зможете увійти, щойно його схвалять.', 'Su cuenta se ha creado y está pendiente de la aprobación de un administrador. Podrá iniciar sesión cuando se apruebe.'],
  ['Registration is closed. Ask an administrator for an account.', 'Sarado ang pagpaparehistro. Humingi ng account sa isang administrator.', 'Pendaftaran ditutup. Mintalah akun kepada administrator.', 'पंजीकरण बंद है। खाते के लिए किसी व्यवस्थापक से कहें।', 'Реєстрацію закрито. Попросіть обліковий запис в адміністратора.', 'El registro está cerrado. Pida una cuenta a un administrador.'],
  ['No identity-provider account is linked to this account', 'Walang account ng identity provider na naka-link sa account na ito', 'Tidak ada akun penyedia identitas yang ditautkan ke akun ini', 'इस खाते से कोई पहचान-प्रदाता खाता जुड़ा नहीं है', 'До цього облікового запису не прив’язано жодного облікового запису постачальника ідентичності', 'No hay ninguna cuenta del proveedor de identidad vinculada a esta cuenta'],
  ['This identity-provider account is already linked to another account here', 'Naka-link na ang account na ito ng identity provider sa ibang account dito', 'Akun penyedia identitas ini sudah ditautkan ke akun lain di sini', 'यह पहचान-प्रदाता खाता यहाँ पहले से किसी दूसरे खाते से जुड़ा है', 'Цей обліковий запис постачальника ідентичності вже прив’язано до іншого облікового запису тут', 'Esta cuenta del proveedor de identidad ya está vinculada a otra cuenta aquí'],
  ['Enter the subject of the account at the identity provider', 'Ilagay ang subject ng account sa identity provider', 'Masukkan subjek akun di penyedia identitas', 'पहचान प्रदाता पर खाते का subject दर्ज करें', 'Введіть subject облікового запису в постачальника ідентичності', 'Introduzca el subject de la cuenta en el proveedor de identidad'],
  ['Cross-site request refused', 'Tinanggihan ang kahilingang mula sa ibang site', 'Permintaan lintas situs ditolak', 'दूसरी साइट से आया अनुरोध अस्वीकार किया गया', 'Міжсайтовий запит відхилено', 'Solicitud entre sitios rechazada'],
  // Passkeys and signatures
  ['A passkey name must be at most 100 characters', 'Hindi dapat lumampas sa 100 character ang pangalan ng passkey', 'Nama passkey maksimal 100 karakter', 'पासकी का नाम अधिकतम 100 अक्षरों का हो सकता है', 'Назва ключа доступу може містити щонайбільше 100 символів', 'El nombre de la llave de acceso debe tener como máximo 100 caracteres'],
  ['Name the passkey', 'Pangalanan ang passkey', 'Beri nama passkey', 'पासकी को नाम दें', 'Назвіть ключ доступу', 'Ponga nombre a la llave de acceso'],
  ['Enter your password to add a passkey', 'Ilagay ang password mo para magdagdag ng passkey', 'Masukkan kata sandi Anda untuk menambahkan passkey', 'पासकी जोड़ने के लिए अपना पासवर्ड दर्ज करें', 'Введіть пароль, щоб додати ключ доступу', 'Introduzca su contraseña para añadir una llave de acceso'],
  ['Enter your password, or use one of your passkeys, to add a passkey', 'Ilagay ang password mo, o gamitin ang isa sa mga passkey mo, para magdagdag ng passkey', 'Masukkan kata sandi Anda, atau gunakan salah satu passkey Anda, untuk menambahkan passkey', 'पासकी जोड़ने के लिए अपना पासवर्ड दर्ज करें, या अपनी किसी पासकी का उपयोग करें', 'Щоб додати ключ доступу, введіть пароль або скористайтеся одним зі своїх ключів доступу', 'Para añadir una llave de acceso, introduzca su contraseña o use una de sus llaves de acceso'],
  ['Enter your password to sign', 'Ilagay ang password mo para lumagda', 'Masukkan kata sandi Anda untuk menandatangani', 'हस्ताक्षर करने के लिए अपना पासवर्ड दर्ज करें', 'Введіть пароль, щоб підписати', 'Introduzca su contraseña para firmar'],
  ['The passkey could not be registered', 'Hindi mairehistro ang passkey', 'Passkey tidak dapat didaftarkan', 'पासकी पंजीकृत नहीं हो सकी', 'Не вдалося зареєструвати ключ доступу', 'No se pudo registrar la llave de acceso'],
  ['The passkey registration expired; start again', 'Nag-expire ang pagrehistro ng passkey; magsimulang muli', 'Pendaftaran passkey kedaluwarsa; mulai lagi', 'पासकी पंजीकरण की समय-सीमा समाप्त हो गई; फिर से शुरू करें', 'Час реєстрації ключа доступу минув; почніть знову', 'El registro de la llave de acceso caducó; empiece de nuevo'],
  ['This passkey does not exist', 'Walang ganitong passkey', 'Passkey ini tidak ada', 'यह पासकी मौजूद नहीं है', 'Такого ключа доступу не існує', 'Esta llave de acceso no existe'],
  ['This passkey is already registered', 'Nakarehistro na ang passkey na ito', 'Passkey ini sudah terdaftar', 'यह पासकी पहले से पंजीकृत है', 'Цей ключ доступу вже зареєстровано', 'Esta llave de acceso ya está registrada'],
  ['Must be base64url', 'Dapat ay base64url', 'Harus berupa base64url', 'base64url होना चाहिए', 'Має бути у форматі base64url', 'Debe estar en base64url'],
  ['signature must be { password } or { passkey }', 'ang signature ay dapat { password } o { passkey }', 'signature harus { password } atau { passkey }', 'signature { password } या { passkey } होना चाहिए', 'signature має бути { password } або { passkey }', 'signature debe ser { password } o { passkey }'],
  ['Say what the signature is for: { versionId } or { sopId }', 'Sabihin kung para saan ang lagda: { versionId } o { sopId }', 'Sebutkan untuk apa tanda tangan ini: { versionId } atau { sopId }', 'बताएँ कि हस्ताक्षर किसके लिए है: { versionId } या { sopId }', 'Укажіть, для чого підпис: { versionId } або { sopId }', 'Indique para qué es la firma: { versionId } o { sopId }'],
  ['Signatures are required: confirm with your password or a passkey.', 'Kailangan ang mga lagda: kumpirmahin gamit ang password mo o isang passkey.', 'Tanda tangan diwajibkan: konfirmasi dengan kata sandi atau passkey Anda.', 'हस्ताक्षर आवश्यक हैं: अपने पासवर्ड या पासकी से पुष्टि करें।', 'Потрібні підписи: підтвердьте паролем або ключем доступу.', 'Se exigen firmas: confirme con su contraseña o con una llave de acceso.'],
  ['The signature could not be verified: check your password, or use your passkey again.', 'Hindi ma-verify ang lagda: suriin ang password mo, o gamitin muli ang passkey mo.', 'Tanda tangan tidak dapat diverifikasi: periksa kata sandi Anda, atau gunakan passkey Anda lagi.', 'हस्ताक्षर सत्यापित नहीं हो सका: अपना पासवर्ड जाँचें, या अपनी पासकी फिर से उपयोग करें।', 'Не вдалося перевірити підпис: перевірте пароль або скористайтеся ключем доступу ще раз.', 'No se pudo verificar la firma: compruebe su contraseña o vuelva a usar su llave de acceso.'],
  // SOPs, versions, approvals
  ['SOP not found', 'Hindi nahanap ang SOP', 'SOP tidak ditemukan', 'SOP नहीं मिली', 'СОП не знайдено', 'SOP no encontrado'],
  ['SOP version not found', 'Hindi nahanap ang bersyon ng SOP', 'Versi SOP tidak ditemukan', 'SOP का संस्करण नहीं मिला', 'Версію СОП не знайдено', 'Versión del SOP no encontrada'],
  ['Version not found', 'Hindi nahanap ang bersyon', 'Versi tidak ditemukan', 'संस्करण नहीं मिला', 'Версію не знайдено', 'Versión no encontrada'],
  ['This SOP version does not exist', 'Walang ganitong bersyon ng SOP', 'Versi SOP ini tidak ada', 'SOP का यह संस्करण मौजूद नहीं है', 'Такої версії СОП не існує', 'Esta versión del SOP no existe'],
  ['Template not found', 'Hindi nahanap ang template', 'Templat tidak ditemukan', 'टेम्पलेट नहीं मिला', 'Шаблон не знайдено', 'Plantilla no encontrada'],
  ['Attachment not found', 'Hindi nahanap ang attachment', 'Lampiran tidak ditemukan', 'संलग्नक नहीं मिला', 'Вкладення не знайдено', 'Adjunto no encontrado'],
  ['Title is required', 'Kailangan ang pamagat', 'Judul wajib diisi', 'शीर्षक आवश्यक है', 'Потрібно ввести назву', 'El título es obligatorio'],
  ['Title must be at most 200 characters', 'Hindi dapat lumampas sa 200 character ang pamagat', 'Judul maksimal 200 karakter', 'शीर्षक अधिकतम 200 अक्षरों का हो सकता है', 'Назва може містити щонайбільше 200 символів', 'El título debe tener como máximo 200 caracteres'],
  ['Content is required', 'Kailangan ang nilalaman', 'Isi wajib diisi', 'सामग्री आवश्यक है', 'Потрібно ввести вміст', 'El contenido es obligatorio'],
  ['Content must be at most 200,000 characters', 'Hindi dapat lumampas sa 200,000 character ang nilalaman', 'Isi maksimal 200.000 karakter', 'सामग्री अधिकतम 2,00,000 अक्षरों की हो सकती है', 'Вміст може містити щонайбільше 200 000 символів', 'El contenido debe tener como máximo 200.000 caracteres'],
  ['Name is required', 'Kailangan ang pangalan', 'Nama wajib diisi', 'नाम आवश्यक है', 'Потрібно ввести ім’я', 'El nombre es obligatorio'],
  ['Name must be at most 120 characters', 'Hindi dapat lumampas sa 120 character ang pangalan', 'Nama maksimal 120 karakter', 'नाम अधिकतम 120 अक्षरों का हो सकता है', 'Ім’я може містити щонайбільше 120 символів', 'El nombre debe tener como máximo 120 caracteres'],
  ['Name must be at most 200 characters', 'Hindi dapat lumampas sa 200 character ang pangalan', 'Nama maksimal 200 karakter', 'नाम अधिकतम 200 अक्षरों का हो सकता है', 'Ім’я може містити щонайбільше 200 символів', 'El nombre debe tener como máximo 200 caracteres'],
  ['A tag must be at most 50 characters', 'Hindi dapat lumampas sa 50 character ang isang tag', 'Tag maksimal 50 karakter', 'टैग अधिकतम 50 अक्षरों का हो सकता है', 'Тег може містити щонайбільше 50 символів', 'Una etiqueta debe tener como máximo 50 caracteres'],
  ['At most 30 tags', 'Hanggang 30 tag lamang', 'Paling banyak 30 tag', 'अधिकतम 30 टैग', 'Щонайбільше 30 тегів', 'Como máximo 30 etiquetas'],
  ['At most 50 attachments', 'Hanggang 50 attachment lamang', 'Paling banyak 50 lampiran', 'अधिकतम 50 संलग्नक', 'Щонайбільше 50 вкладень', 'Como máximo 50 adjuntos'],
  ['At most 200 vessels', 'Hanggang 200 barko lamang', 'Paling banyak 200 kapal', 'अधिकतम 200 पोत', 'Щонайбільше 200 суден', 'Como máximo 200 buques'],
  ['Comment must be at most 5000 characters', 'Hindi dapat lumampas sa 5000 character ang komento', 'Komentar maksimal 5000 karakter', 'टिप्पणी अधिकतम 5000 अक्षरों की हो सकती है', 'Коментар може містити щонайбільше 5000 символів', 'El comentario debe tener como máximo 5000 caracteres'],
  ['Write a comment first', 'Sumulat muna ng komento', 'Tulis komentar terlebih dahulu', 'पहले टिप्पणी लिखें', 'Спершу напишіть коментар', 'Escriba primero un comentario'],
  ['A comment is required to request changes: say what the author should change', 'Kailangan ng komento para humiling ng mga pagbabago: sabihin kung ano ang dapat baguhin ng may-akda', 'Komentar diperlukan untuk meminta perubahan: sebutkan apa yang harus diubah penulis', 'बदलाव का अनुरोध करने के लिए टिप्पणी आवश्यक है: बताएँ कि लेखक को क्या बदलना चाहिए', 'Щоб запитати зміни, потрібен коментар: напишіть, що автор має змінити', 'Para solicitar cambios hace falta un comentario: indique qué debe cambiar el autor'],
  ['Changes were requested on this version, so it cannot be submitted again as it is; edit the SOP and save your changes as a new version, then submit that', 'Humiling ng mga pagbabago sa bersyong ito, kaya hindi ito maisusumite muli nang ganito; i-edit ang SOP at i-save ang mga pagbabago mo bilang bagong bersyon, saka iyon ang isumite', 'Perubahan diminta pada versi ini, jadi versi ini tidak dapat diajukan lagi apa adanya; edit SOP, simpan perubahan Anda sebagai versi baru, lalu ajukan versi itu', 'इस संस्करण पर बदलाव का अनुरोध किया गया था, इसलिए इसे जैसा है वैसा फिर से जमा नहीं किया जा सकता; SOP संपादित करें, अपने बदलाव नए संस्करण के रूप में सहेजें, फिर उसे जमा करें', 'Для цієї версії запитано зміни, тому її не можна подати знову без змін; відредагуйте СОП, збережіть зміни як нову версію й подайте її', 'Se solicitaron cambios en esta versión, así que no se puede volver a enviar tal cual; edite el SOP, guarde sus cambios como una nueva versión y envíe esa'],
  ['This SOP was withdrawn; it is kept in the archive as it was and can no longer change', 'Binawi ang SOP na ito; nakatago ito sa archive nang gaya ng dati at hindi na mababago', 'SOP ini telah ditarik; SOP disimpan di arsip apa adanya dan tidak dapat diubah lagi', 'यह SOP वापस ले ली गई है; यह संग्रह में जैसी थी वैसी रखी गई है और अब बदल नहीं सकती', 'Цю СОП вилучено; вона зберігається в архіві в незмінному вигляді й більше не може змінюватися', 'Este SOP se retiró; se conserva en el archivo tal como estaba y ya no puede cambiar'],
  ['You cannot decide on a version you submitted yourself; another approver or an admin must review it', 'Hindi ka maaaring magpasya sa bersyong ikaw mismo ang nagsumite; ibang approver o admin ang dapat mag-review nito', 'Anda tidak dapat memutuskan versi yang Anda ajukan sendiri; approver lain atau admin harus meninjaunya', 'आप अपने द्वारा जमा किए गए संस्करण पर निर्णय नहीं ले सकते; किसी अन्य अनुमोदक या व्यवस्थापक को इसकी समीक्षा करनी होगी', 'Ви не можете ухвалювати рішення щодо версії, яку подали самі; її має розглянути інший затверджувач або адміністратор', 'No puede decidir sobre una versión que usted mismo envió; otro aprobador o un administrador debe revisarla'],
  ['This SOP is waiting for approval; a new version can be added once the approver has decided', 'Naghihintay ng pag-apruba ang SOP na ito; maaaring magdagdag ng bagong bersyon kapag nakapagpasya na ang approver', 'SOP ini menunggu persetujuan; versi baru dapat ditambahkan setelah approver memutuskan', 'यह SOP स्वीकृति की प्रतीक्षा में है; अनुमोदक के निर्णय के बाद नया संस्करण जोड़ा जा सकता है', 'Ця СОП очікує затвердження; нову версію можна буде додати, коли затверджувач ухвалить рішення', 'Este SOP está pendiente de aprobación; se podrá añadir una nueva versión cuando el aprobador haya decidido'],
  ['This SOP is waiting for approval; files can be added once the approver has decided', 'Naghihintay ng pag-apruba ang SOP na ito; maaaring magdagdag ng mga file kapag nakapagpasya na ang approver', 'SOP ini menunggu persetujuan; berkas dapat ditambahkan setelah approver memutuskan', 'यह SOP स्वीकृति की प्रतीक्षा में है; अनुमोदक के निर्णय के बाद फ़ाइलें जोड़ी जा सकती हैं', 'Ця СОП очікує затвердження; файли можна буде додати, коли затверджувач ухвалить рішення', 'Este SOP está pendiente de aprobación; se podrán añadir archivos cuando el aprobador haya decidido'],
  ['This SOP has no version to submit', 'Walang bersyong maisusumite ang SOP na ito', 'SOP ini tidak memiliki versi untuk diajukan', 'इस SOP का जमा करने के लिए कोई संस्करण नहीं है', 'У цієї СОП немає версії для подання', 'Este SOP no tiene ninguna versión que enviar'],
  ['This SOP has no approved version in force; a periodic review confirms the version in force', 'Walang aprubadong bersyong ipinapatupad ang SOP na ito; ang pana-panahong pagrepaso ay nagkukumpirma sa bersyong ipinapatupad', 'SOP ini tidak memiliki versi yang disetujui dan berlaku; tinjauan berkala mengonfirmasi versi yang berlaku', 'इस SOP का कोई स्वीकृत संस्करण लागू नहीं है; आवधिक समीक्षा लागू संस्करण की पुष्टि करती है', 'Ця СОП не має затвердженої чинної версії; періодичний перегляд підтверджує чинну версію', 'Este SOP no tiene ninguna versión aprobada en vigor; una revisión periódica confirma la versión en vigor'],
  ['Only signed-in users can create an SOP', 'Mga naka-sign in na user lamang ang makakagawa ng SOP', 'Hanya pengguna yang sudah masuk yang dapat membuat SOP', 'केवल साइन इन किए हुए उपयोगकर्ता SOP बना सकते हैं', 'Лише користувачі, які увійшли, можуть створити СОП', 'Solo los usuarios que han iniciado sesión pueden crear un SOP'],
  ['Only the owner, an approver or an admin can edit this SOP', 'Ang may-ari, isang approver o isang admin lamang ang makakapag-edit ng SOP na ito', 'Hanya pemilik, approver, atau admin yang dapat mengedit SOP ini', 'केवल स्वामी, अनुमोदक या व्यवस्थापक इस SOP को संपादित कर सकते हैं', 'Лише власник, затверджувач або адміністратор може редагувати цю СОП', 'Solo el propietario, un aprobador o un administrador pueden editar este SOP'],
  ['Only the owner, an approver or an admin can add a version to this SOP', 'Ang may-ari, isang approver o isang admin lamang ang makakapagdagdag ng bersyon sa SOP na ito', 'Hanya pemilik, approver, atau admin yang dapat menambahkan versi ke SOP ini', 'केवल स्वामी, अनुमोदक या व्यवस्थापक इस SOP में संस्करण जोड़ सकते हैं', 'Лише власник, затверджувач або адміністратор може додати версію до цієї СОП', 'Solo el propietario, un aprobador o un administrador pueden añadir una versión a este SOP'],
  ['Only the owner, an approver or an admin can submit this SOP', 'Ang may-ari, isang approver o isang admin lamang ang makakapagsumite ng SOP na ito', 'Hanya pemilik, approver, atau admin yang dapat mengajukan SOP ini', 'केवल स्वामी, अनुमोदक या व्यवस्थापक इस SOP को जमा कर सकते हैं', 'Лише власник, затверджувач або адміністратор може подати цю СОП', 'Solo el propietario, un aprobador o un administrador pueden enviar este SOP'],
  ['Only an approver or an admin can decide approval tasks', 'Isang approver o isang admin lamang ang makakapagpasya sa mga gawain ng pag-apruba', 'Hanya approver atau admin yang dapat memutuskan tugas persetujuan', 'केवल अनुमोदक या व्यवस्थापक अनुमोदन कार्यों पर निर्णय ले सकते हैं', 'Лише затверджувач або адміністратор може ухвалювати рішення щодо завдань затвердження', 'Solo un aprobador o un administrador pueden decidir tareas de aprobación'],
  ['Only the owner, an approver or an admin can add attachments to this SOP', 'Ang may-ari, isang approver o isang admin lamang ang makakapagdagdag ng mga attachment sa SOP na ito', 'Hanya pemilik, approver, atau admin yang dapat menambahkan lampiran ke SOP ini', 'केवल स्वामी, अनुमोदक या व्यवस्थापक इस SOP में संलग्नक जोड़ सकते हैं', 'Лише власник, затверджувач або адміністратор може додати вкладення до цієї СОП', 'Solo el propietario, un aprobador o un administrador pueden añadir adjuntos a este SOP'],
  ['Only the owner or an admin can delete this SOP', 'Ang may-ari o isang admin lamang ang makakapagbura ng SOP na ito', 'Hanya pemilik atau admin yang dapat menghapus SOP ini', 'केवल स्वामी या व्यवस्थापक इस SOP को हटा सकते हैं', 'Лише власник або адміністратор може видалити цю СОП', 'Solo el propietario o un administrador pueden eliminar este SOP'],
  ['Only an approver or an admin can withdraw an SOP', 'Isang approver o isang admin lamang ang makakapagbawi ng SOP', 'Hanya approver atau admin yang dapat menarik SOP', 'केवल अनुमोदक या व्यवस्थापक SOP वापस ले सकते हैं', 'Лише затверджувач або адміністратор може вилучити СОП', 'Solo un aprobador o un administrador pueden retirar un SOP'],
  ['Only an approver or an admin can confirm a periodic review', 'Isang approver o isang admin lamang ang makakapagkumpirma ng pana-panahong pagrepaso', 'Hanya approver atau admin yang dapat mengonfirmasi tinjauan berkala', 'केवल अनुमोदक या व्यवस्थापक आवधिक समीक्षा की पुष्टि कर सकते हैं', 'Лише затверджувач або адміністратор може підтвердити періодичний перегляд', 'Solo un aprobador o un administrador pueden confirmar una revisión periódica'],
  ['This approval task does not exist', 'Walang ganitong gawain ng pag-apruba', 'Tugas persetujuan ini tidak ada', 'यह अनुमोदन कार्य मौजूद नहीं है', 'Такого завдання затвердження не існує', 'Esta tarea de aprobación no existe'],
  ['This approval task was already decided', 'Napagpasyahan na ang gawaing ito ng pag-apruba', 'Tugas persetujuan ini sudah diputuskan', 'इस अनुमोदन कार्य पर पहले ही निर्णय हो चुका है', 'Щодо цього завдання затвердження вже ухвалено рішення', 'Esta tarea de aprobación ya se decidió'],
  ['This step of the approval is for other approvers', 'Para sa ibang approver ang hakbang na ito ng pag-apruba', 'Tahap persetujuan ini untuk approver lain', 'अनुमोदन का यह चरण अन्य अनुमोदकों के लिए है', 'Цей етап затвердження призначено для інших затверджувачів', 'Este paso de la aprobación es para otros aprobadores'],
  ['The submitter cannot approve their own submission', 'Hindi maaaring aprubahan ng nagsumite ang sarili niyang isinumite', 'Pengaju tidak dapat menyetujui pengajuannya sendiri', 'जमा करने वाला अपने ही जमा किए गए संस्करण को स्वीकृत नहीं कर सकता', 'Автор подання не може затвердити власне подання', 'Quien envía no puede aprobar su propio envío'],
  ['You cannot decide your own submission, not even as a delegate', 'Hindi ka maaaring magpasya sa sarili mong isinumite, kahit bilang kinatawan', 'Anda tidak dapat memutuskan pengajuan Anda sendiri, bahkan sebagai wakil', 'आप अपने ही जमा किए गए संस्करण पर निर्णय नहीं ले सकते, प्रतिनिधि के रूप में भी नहीं', 'Ви не можете ухвалювати рішення щодо власного подання, навіть як заступник', 'No puede decidir sobre su propio envío, ni siquiera como suplente'],
  ['You have already decided on this version; each person decides once', 'Nakapagpasya ka na sa bersyong ito; isang beses lamang nagpapasya ang bawat tao', 'Anda sudah memutuskan versi ini; setiap orang memutuskan satu kali', 'आप इस संस्करण पर पहले ही निर्णय ले चुके हैं; हर व्यक्ति एक बार निर्णय लेता है', 'Ви вже ухвалили рішення щодо цієї версії; кожен ухвалює рішення один раз', 'Ya decidió sobre esta versión; cada persona decide una vez'],
  ['You submitted this version, so you cannot add co-approvers to its review', 'Ikaw ang nagsumite ng bersyong ito, kaya hindi ka makakapagdagdag ng mga co-approver sa pagrepaso nito', 'Anda mengajukan versi ini, jadi Anda tidak dapat menambahkan approver pendamping ke tinjauannya', 'यह संस्करण आपने जमा किया है, इसलिए आप इसकी समीक्षा में सह-अनुमोदक नहीं जोड़ सकते', 'Ви подали цю версію, тому не можете додати співзатверджувачів до її розгляду', 'Usted envió esta versión, así que no puede añadir coaprobadores a su revisión'],
  ['You cannot add yourself as a co-approver; the route decides who may approve', 'Hindi mo maaaring idagdag ang sarili mo bilang co-approver; ang ruta ang nagpapasya kung sino ang maaaring mag-apruba', 'Anda tidak dapat menambahkan diri sendiri sebagai approver pendamping; rute yang menentukan siapa yang boleh menyetujui', 'आप स्वयं को सह-अनुमोदक के रूप में नहीं जोड़ सकते; मार्ग तय करता है कि कौन अनुमोदन कर सकता है', 'Ви не можете додати себе як співзатверджувача; хто може затверджувати, визначає маршрут', 'No puede añadirse a sí mismo como coaprobador; la ruta decide quién puede aprobar'],
  ['A co-approver must be an active approver or administrator', 'Ang co-approver ay dapat aktibong approver o administrator', 'Approver pendamping harus approver atau administrator yang aktif', 'सह-अनुमोदक एक सक्रिय अनुमोदक या व्यवस्थापक होना चाहिए', 'Співзатверджувач має бути активним затверджувачем або адміністратором', 'Un coaprobador debe ser un aprobador o administrador activo'],
  ['The delegate must be an active approver or administrator', 'Ang kinatawan ay dapat aktibong approver o administrator', 'Wakil harus approver atau administrator yang aktif', 'प्रतिनिधि एक सक्रिय अनुमोदक या व्यवस्थापक होना चाहिए', 'Заступник має бути активним затверджувачем або адміністратором', 'El suplente debe ser un aprobador o administrador activo'],
  ['You cannot be your own delegate; choose someone else', 'Hindi ka maaaring maging sarili mong kinatawan; pumili ng iba', 'Anda tidak dapat menjadi wakil Anda sendiri; pilih orang lain', 'आप अपने ही प्रतिनिधि नहीं हो सकते; किसी और को चुनें', 'Ви не можете бути власним заступником; виберіть когось іншого', 'No puede ser su propio suplente; elija a otra persona'],
  ['Status must be one of approved, changes_requested or rejected', 'Ang status ay dapat approved, changes_requested o rejected', 'Status harus salah satu dari approved, changes_requested, atau rejected', 'स्थिति approved, changes_requested या rejected में से एक होनी चाहिए', 'Статус має бути одним із: approved, changes_requested або rejected', 'El estado debe ser approved, changes_requested o rejected'],
  ['revisionClass must be one of major, minor or editorial', 'Ang revisionClass ay dapat major, minor o editorial', 'revisionClass harus salah satu dari major, minor, atau editorial', 'revisionClass major, minor या editorial में से एक होना चाहिए', 'revisionClass має бути одним із: major, minor або editorial', 'revisionClass debe ser major, minor o editorial'],
  ['A step cannot require more approvals than it has approvers', 'Hindi maaaring mangailangan ang isang hakbang ng mas maraming pag-apruba kaysa sa bilang ng approver nito', 'Satu tahap tidak dapat mewajibkan lebih banyak persetujuan daripada jumlah approver-nya', 'कोई चरण अपने अनुमोदकों की संख्या से अधिक अनुमोदन नहीं माँग सकता', 'Етап не може вимагати більше затверджень, ніж у нього затверджувачів', 'Un paso no puede exigir más aprobaciones que aprobadores tiene'],
  ['A step name must be at most 100 characters', 'Hindi dapat lumampas sa 100 character ang pangalan ng hakbang', 'Nama tahap maksimal 100 karakter', 'चरण का नाम अधिकतम 100 अक्षरों का हो सकता है', 'Назва етапу може містити щонайбільше 100 символів', 'El nombre de un paso debe tener como máximo 100 caracteres'],
  ['A step names at least one approver, or null for any approver', 'Nagtatakda ang isang hakbang ng kahit isang approver, o null para sa kahit sinong approver', 'Satu tahap menyebut minimal satu approver, atau null untuk approver mana pun', 'चरण में कम से कम एक अनुमोदक का नाम होता है, या किसी भी अनुमोदक के लिए null', 'Етап називає щонайменше одного затверджувача або null для будь-якого затверджувача', 'Un paso nombra al menos un aprobador, o null para cualquier aprobador'],
  ['A step names each approver once', 'Isang beses lamang binabanggit ng isang hakbang ang bawat approver', 'Satu tahap menyebut setiap approver satu kali saja', 'चरण में हर अनुमोदक का नाम एक ही बार होता है', 'Етап називає кожного затверджувача лише один раз', 'Un paso nombra a cada aprobador una sola vez'],
  ['Each step needs a name', 'Kailangan ng pangalan ang bawat hakbang', 'Setiap tahap memerlukan nama', 'हर चरण का नाम होना चाहिए', 'Кожен етап потребує назви', 'Cada paso necesita un nombre'],
  ['required must be a whole number', 'ang required ay dapat buong numero', 'required harus bilangan bulat', 'required एक पूर्ण संख्या होनी चाहिए', 'required має бути цілим числом', 'required debe ser un número entero'],
  ['required must be at least 1', 'ang required ay dapat hindi bababa sa 1', 'required minimal 1', 'required कम से कम 1 होना चाहिए', 'required має бути щонайменше 1', 'required debe ser al menos 1'],
  ['No earlier version in force to compare with', 'Walang naunang bersyong ipinatupad na maihahambing', 'Tidak ada versi berlaku sebelumnya untuk dibandingkan', 'तुलना के लिए पहले का कोई लागू संस्करण नहीं है', 'Немає попередньої чинної версії для порівняння', 'No hay ninguna versión anterior en vigor con la que comparar'],
  ['Give a reason for withdrawing this SOP', 'Magbigay ng dahilan sa pagbawi ng SOP na ito', 'Berikan alasan untuk menarik SOP ini', 'इस SOP को वापस लेने का कारण बताएँ', 'Укажіть причину вилучення цієї СОП', 'Indique un motivo para retirar este SOP'],
  ['The reason must be at most 2000 characters', 'Hindi dapat lumampas sa 2000 character ang dahilan', 'Alasan maksimal 2000 karakter', 'कारण अधिकतम 2000 अक्षरों का हो सकता है', 'Причина може містити щонайбільше 2000 символів', 'El motivo debe tener como máximo 2000 caracteres'],
  ['The template was deleted meanwhile; start from another template or from nothing', 'Nabura ang template habang ginagawa mo ito; magsimula sa ibang template o mula sa wala', 'Templat itu sudah dihapus sementara itu; mulai dari templat lain atau dari kosong', 'इस बीच टेम्पलेट हटा दिया गया; किसी दूसरे टेम्पलेट से या खाली से शुरू करें', 'Тим часом шаблон видалили; почніть з іншого шаблону або з нуля', 'Mientras tanto se eliminó la plantilla; empiece con otra plantilla o desde cero'],
  ['Review must be due_soon or overdue', 'Ang review ay dapat due_soon o overdue', 'review harus due_soon atau overdue', 'review due_soon या overdue होना चाहिए', 'review має бути due_soon або overdue', 'review debe ser due_soon u overdue'],
  ['Search must be at most 200 characters', 'Hindi dapat lumampas sa 200 character ang paghahanap', 'Pencarian maksimal 200 karakter', 'खोज अधिकतम 200 अक्षरों की हो सकती है', 'Пошуковий запит може містити щонайбільше 200 символів', 'La búsqueda debe tener como máximo 200 caracteres'],
  // Reading and attesting
  ['Nothing is waiting for this person to read', 'Walang naghihintay na basahin ng taong ito', 'Tidak ada yang menunggu untuk dibaca orang ini', 'इस व्यक्ति के पढ़ने के लिए कुछ भी प्रतीक्षा में नहीं है', 'Ця особа не має нічого непрочитаного', 'No hay nada pendiente de lectura para esta persona'],
  ['This person was already reminded today; you can remind them again tomorrow', 'Napaalalahanan na ang taong ito ngayong araw; maaari mo siyang paalalahanan ulit bukas', 'Orang ini sudah diingatkan hari ini; Anda dapat mengingatkannya lagi besok', 'इस व्यक्ति को आज पहले ही याद दिलाया जा चुका है; आप कल फिर याद दिला सकते हैं', 'Цій особі вже нагадали сьогодні; нагадати знову можна завтра', 'A esta persona ya se le recordó hoy; puede recordárselo de nuevo mañana'],
  ['You attested the version in force: nothing changed since', 'Napatunayan mo na ang bersyong ipinapatupad: walang nagbago mula noon', 'Anda sudah mengonfirmasi versi yang berlaku: tidak ada yang berubah sejak itu', 'आप लागू संस्करण की पुष्टि कर चुके हैं: तब से कुछ नहीं बदला', 'Ви вже засвідчили чинну версію: відтоді нічого не змінилося', 'Ya dio fe de la versión en vigor: nada ha cambiado desde entonces'],
  // Files and uploads
  ['Choose at least one file to upload', 'Pumili ng kahit isang file na ia-upload', 'Pilih minimal satu berkas untuk diunggah', 'अपलोड करने के लिए कम से कम एक फ़ाइल चुनें', 'Виберіть щонайменше один файл для завантаження', 'Elija al menos un archivo para subir'],
  ['The uploaded file is empty', 'Walang laman ang na-upload na file', 'Berkas yang diunggah kosong', 'अपलोड की गई फ़ाइल खाली है', 'Завантажений файл порожній', 'El archivo subido está vacío'],
  ['File is larger than the 10 MB limit', 'Lampas sa 10 MB na limitasyon ang file', 'Berkas melebihi batas 10 MB', 'फ़ाइल 10 MB की सीमा से बड़ी है', 'Файл перевищує обмеження в 10 МБ', 'El archivo supera el límite de 10 MB'],
  ['Unsupported content type', 'Hindi suportado ang uri ng nilalaman', 'Jenis konten tidak didukung', 'यह सामग्री प्रकार समर्थित नहीं है', 'Непідтримуваний тип вмісту', 'Tipo de contenido no admitido'],
  ['The request body is not valid JSON', 'Hindi wastong JSON ang laman ng kahilingan', 'Isi permintaan bukan JSON yang valid', 'अनुरोध का मुख्य भाग मान्य JSON नहीं है', 'Тіло запиту не є коректним JSON', 'El cuerpo de la solicitud no es JSON válido'],
  ['Send the files as multipart/form-data in the "file" field', 'Ipadala ang mga file bilang multipart/form-data sa field na "file"', 'Kirim berkas sebagai multipart/form-data di kolom "file"', 'फ़ाइलें "file" फ़ील्ड में multipart/form-data के रूप में भेजें', 'Надішліть файли як multipart/form-data у полі "file"', 'Envíe los archivos como multipart/form-data en el campo "file"'],
  ['Send the upload as multipart/form-data', 'Ipadala ang upload bilang multipart/form-data', 'Kirim unggahan sebagai multipart/form-data', 'अपलोड multipart/form-data के रूप में भेजें', 'Надішліть завантаження як multipart/form-data', 'Envíe la subida como multipart/form-data'],
  ['Too many parts in one upload', 'Masyadong maraming bahagi sa isang upload', 'Terlalu banyak bagian dalam satu unggahan', 'एक अपलोड में बहुत अधिक भाग हैं', 'Забагато частин в одному завантаженні', 'Demasiadas partes en una sola subida'],
  ['Too many files in one upload', 'Masyadong maraming file sa isang upload', 'Terlalu banyak berkas dalam satu unggahan', 'एक अपलोड में बहुत अधिक फ़ाइलें हैं', 'Забагато файлів в одному завантаженні', 'Demasiados archivos en una sola subida'],
  ['Too many form fields in one upload', 'Masyadong maraming field ng form sa isang upload', 'Terlalu banyak kolom formulir dalam satu unggahan', 'एक अपलोड में बहुत अधिक फ़ॉर्म फ़ील्ड हैं', 'Забагато полів форми в одному завантаженні', 'Demasiados campos de formulario en una sola subida'],
  ['A form field has a name that is not allowed', 'May field ng form na may pangalang hindi pinapayagan', 'Sebuah kolom formulir memiliki nama yang tidak diizinkan', 'किसी फ़ॉर्म फ़ील्ड का नाम अनुमत नहीं है', 'Одне з полів форми має недопустиму назву', 'Un campo del formulario tiene un nombre no permitido'],
  ['A form field declared as JSON is not valid JSON', 'Hindi wastong JSON ang isang field ng form na idineklarang JSON', 'Kolom formulir yang dinyatakan sebagai JSON bukan JSON yang valid', 'JSON के रूप में घोषित फ़ॉर्म फ़ील्ड मान्य JSON नहीं है', 'Поле форми, оголошене як JSON, не є коректним JSON', 'Un campo del formulario declarado como JSON no es JSON válido'],
  ['The upload ended before it was complete', 'Natapos ang upload bago ito makumpleto', 'Unggahan berakhir sebelum selesai', 'अपलोड पूरा होने से पहले ही समाप्त हो गया', 'Завантаження обірвалося, не завершившись', 'La subida terminó antes de completarse'],
  ['The multipart/form-data content type has no boundary', 'Walang boundary ang content type na multipart/form-data', 'Jenis konten multipart/form-data tidak memiliki boundary', 'multipart/form-data सामग्री प्रकार में boundary नहीं है', 'Тип вмісту multipart/form-data не має boundary', 'El tipo de contenido multipart/form-data no tiene boundary'],
  ['The upload is incomplete or does not match its boundary', 'Hindi kumpleto ang upload o hindi ito tugma sa boundary nito', 'Unggahan tidak lengkap atau tidak cocok dengan boundary-nya', 'अपलोड अधूरा है या अपनी boundary से मेल नहीं खाता', 'Завантаження неповне або не відповідає своєму boundary', 'La subida está incompleta o no coincide con su boundary'],
  ['The server is receiving too many uploads right now. Please retry in a moment.', 'Masyadong maraming upload ang tinatanggap ng server ngayon. Pakisubukang muli mamaya-maya.', 'Server sedang menerima terlalu banyak unggahan. Coba lagi sebentar lagi.', 'सर्वर अभी बहुत अधिक अपलोड प्राप्त कर रहा है। कृपया थोड़ी देर में फिर से प्रयास करें।', 'Сервер зараз отримує забагато завантажень. Спробуйте ще раз за мить.', 'El servidor está recibiendo demasiadas subidas en este momento. Vuelva a intentarlo en un momento.'],
  ['File name is required', 'Kailangan ang pangalan ng file', 'Nama berkas wajib diisi', 'फ़ाइल का नाम आवश्यक है', 'Потрібно вказати назву файлу', 'El nombre del archivo es obligatorio'],
  ['File name must be at most 255 characters', 'Hindi dapat lumampas sa 255 character ang pangalan ng file', 'Nama berkas maksimal 255 karakter', 'फ़ाइल का नाम अधिकतम 255 अक्षरों का हो सकता है', 'Назва файлу може містити щонайбільше 255 символів', 'El nombre del archivo debe tener como máximo 255 caracteres'],
  ['File name must not contain control characters', 'Hindi dapat maglaman ng mga control character ang pangalan ng file', 'Nama berkas tidak boleh berisi karakter kontrol', 'फ़ाइल के नाम में नियंत्रण वर्ण नहीं होने चाहिए', 'Назва файлу не повинна містити керівних символів', 'El nombre del archivo no debe contener caracteres de control'],
  ['File URL is required', 'Kailangan ang URL ng file', 'URL berkas wajib diisi', 'फ़ाइल URL आवश्यक है', 'Потрібно вказати URL файлу', 'La URL del archivo es obligatoria'],
  ['File URL must be at most 500 characters', 'Hindi dapat lumampas sa 500 character ang URL ng file', 'URL berkas maksimal 500 karakter', 'फ़ाइल URL अधिकतम 500 अक्षरों का हो सकता है', 'URL файлу може містити щонайбільше 500 символів', 'La URL del archivo debe tener como máximo 500 caracteres'],
  ['File URL must be an upload URL from this server (/api/objects/uploads/...)', 'Ang URL ng file ay dapat upload URL mula sa server na ito (/api/objects/uploads/...)', 'URL berkas harus URL unggahan dari server ini (/api/objects/uploads/...)', 'फ़ाइल URL इसी सर्वर का अपलोड URL होना चाहिए (/api/objects/uploads/...)', 'URL файлу має бути URL завантаження з цього сервера (/api/objects/uploads/...)', 'La URL del archivo debe ser una URL de subida de este servidor (/api/objects/uploads/...)'],
  ['Unknown upload URL', 'Hindi kilalang upload URL', 'URL unggahan tidak dikenal', 'अज्ञात अपलोड URL', 'Невідомий URL завантаження', 'URL de subida desconocida'],
  ['No file has been uploaded to this URL yet', 'Wala pang file na na-upload sa URL na ito', 'Belum ada berkas yang diunggah ke URL ini', 'इस URL पर अभी तक कोई फ़ाइल अपलोड नहीं हुई है', 'За цим URL ще не завантажено жодного файлу', 'Todavía no se ha subido ningún archivo a esta URL'],
  ['Controlled copies are made from PDF files only; download this file instead', 'Mula sa mga PDF file lamang ginagawa ang mga kontroladong kopya; i-download na lang ang file na ito', 'Salinan terkendali hanya dibuat dari berkas PDF; unduh saja berkas ini', 'नियंत्रित प्रतियाँ केवल PDF फ़ाइलों से बनती हैं; इसके बजाय यह फ़ाइल डाउनलोड करें', 'Контрольовані копії створюються лише з PDF-файлів; натомість завантажте цей файл', 'Las copias controladas solo se hacen a partir de archivos PDF; descargue este archivo en su lugar'],
  ['Preview not available', 'Walang preview', 'Pratinjau tidak tersedia', 'पूर्वावलोकन उपलब्ध नहीं है', 'Попередній перегляд недоступний', 'Vista previa no disponible'],
  ['Preview not available for this file', 'Walang preview para sa file na ito', 'Pratinjau tidak tersedia untuk berkas ini', 'इस फ़ाइल का पूर्वावलोकन उपलब्ध नहीं है', 'Попередній перегляд цього файлу недоступний', 'Vista previa no disponible para este archivo'],
  ['Preview not available for .xls files', 'Walang preview para sa mga .xls file', 'Pratinjau tidak tersedia untuk berkas .xls', '.xls फ़ाइलों का पूर्वावलोकन उपलब्ध नहीं है', 'Попередній перегляд файлів .xls недоступний', 'Vista previa no disponible para archivos .xls'],
  ['Previews are available for PDF and Word (docx) files only', 'Para sa mga PDF at Word (docx) file lamang ang preview', 'Pratinjau hanya tersedia untuk berkas PDF dan Word (docx)', 'पूर्वावलोकन केवल PDF और Word (docx) फ़ाइलों के लिए उपलब्ध है', 'Попередній перегляд доступний лише для файлів PDF і Word (docx)', 'Las vistas previas solo están disponibles para archivos PDF y Word (docx)'],
  ['The reader shows Word (docx) files as HTML; open this file with Download', 'Ipinapakita ng reader ang mga Word (docx) file bilang HTML; buksan ang file na ito gamit ang Download', 'Pembaca menampilkan berkas Word (docx) sebagai HTML; buka berkas ini dengan Unduh', 'रीडर Word (docx) फ़ाइलें HTML के रूप में दिखाता है; इस फ़ाइल को डाउनलोड से खोलें', 'Переглядач показує файли Word (docx) як HTML; відкрийте цей файл через «Завантажити»', 'El lector muestra los archivos Word (docx) como HTML; abra este archivo con Descargar'],
  ['Invalid file type: Please upload an Excel or CSV file', 'Hindi wastong uri ng file: Mag-upload ng Excel o CSV file', 'Jenis berkas tidak valid: Unggah berkas Excel atau CSV', 'अमान्य फ़ाइल प्रकार: कृपया Excel या CSV फ़ाइल अपलोड करें', 'Недопустимий тип файлу: завантажте файл Excel або CSV', 'Tipo de archivo no válido: suba un archivo Excel o CSV'],
  ['Invalid file type: All files must be PDF format', 'Hindi wastong uri ng file: Dapat PDF ang lahat ng file', 'Jenis berkas tidak valid: Semua berkas harus berformat PDF', 'अमान्य फ़ाइल प्रकार: सभी फ़ाइलें PDF प्रारूप में होनी चाहिए', 'Недопустимий тип файлу: усі файли мають бути у форматі PDF', 'Tipo de archivo no válido: todos los archivos deben estar en formato PDF'],
  ['Please choose an itinerary file to upload', 'Pumili ng file ng itinerary na ia-upload', 'Pilih berkas rencana perjalanan untuk diunggah', 'कृपया अपलोड करने के लिए यात्रा-कार्यक्रम फ़ाइल चुनें', 'Виберіть файл маршруту для завантаження', 'Elija un archivo de itinerario para subir'],
  ['Upload one itinerary file at a time', 'Isang file ng itinerary lamang ang i-upload bawat beses', 'Unggah satu berkas rencana perjalanan sekaligus', 'एक बार में एक ही यात्रा-कार्यक्रम फ़ाइल अपलोड करें', 'Завантажуйте по одному файлу маршруту', 'Suba un archivo de itinerario cada vez'],
  ['Please select upload mode', 'Pumili ng paraan ng pag-upload', 'Pilih mode unggahan', 'कृपया अपलोड मोड चुनें', 'Виберіть режим завантаження', 'Seleccione el modo de subida'],
  ['Cruise code is required', 'Kailangan ang cruise code', 'Kode pelayaran wajib diisi', 'क्रूज़ कोड आवश्यक है', 'Потрібно вказати код круїзу', 'El código de crucero es obligatorio'],
  ['Cruise code must be at most 40 characters', 'Hindi dapat lumampas sa 40 character ang cruise code', 'Kode pelayaran maksimal 40 karakter', 'क्रूज़ कोड अधिकतम 40 अक्षरों का हो सकता है', 'Код круїзу може містити щонайбільше 40 символів', 'El código de crucero debe tener como máximo 40 caracteres'],
  ['Cruise code may contain only letters and digits (e.g. AR250928)', 'Mga titik at numero lamang ang maaaring nasa cruise code (hal. AR250928)', 'Kode pelayaran hanya boleh berisi huruf dan angka (mis. AR250928)', 'क्रूज़ कोड में केवल अक्षर और अंक हो सकते हैं (जैसे AR250928)', 'Код круїзу може містити лише літери й цифри (напр. AR250928)', 'El código de crucero solo puede contener letras y dígitos (p. ej. AR250928)'],
  ['Date is required', 'Kailangan ang petsa', 'Tanggal wajib diisi', 'तारीख आवश्यक है', 'Потрібно вказати дату', 'La fecha es obligatoria'],
  ['Date is not a real calendar day', 'Hindi totoong araw sa kalendaryo ang petsa', 'Tanggal bukan hari kalender yang nyata', 'यह तारीख कैलेंडर का वास्तविक दिन नहीं है', 'Такого дня в календарі немає', 'La fecha no es un día real del calendario'],
  ['Date must be in 1900 or later', 'Ang petsa ay dapat 1900 o mas huli', 'Tanggal harus tahun 1900 atau sesudahnya', 'तारीख 1900 या उसके बाद की होनी चाहिए', 'Дата має бути не раніше 1900 року', 'La fecha debe ser de 1900 o posterior'],
  ['Date must be in the form YYYY-MM-DD', 'Ang petsa ay dapat nasa anyong YYYY-MM-DD', 'Tanggal harus dalam format YYYY-MM-DD', 'तारीख YYYY-MM-DD रूप में होनी चाहिए', 'Дата має бути у форматі YYYY-MM-DD', 'La fecha debe tener el formato AAAA-MM-DD'],
  // Departments, absences, mail, settings
  ['Department not found', 'Hindi nahanap ang departamento', 'Departemen tidak ditemukan', 'विभाग नहीं मिला', 'Відділ не знайдено', 'Departamento no encontrado'],
  ['No such department', 'Walang ganitong departamento', 'Departemen ini tidak ada', 'ऐसा कोई विभाग नहीं है', 'Такого відділу немає', 'No existe ese departamento'],
  ['Choose a department or none', 'Pumili ng departamento o wala', 'Pilih departemen atau tidak ada', 'कोई विभाग चुनें या कोई नहीं', 'Виберіть відділ або жодного', 'Elija un departamento o ninguno'],
  ['A department cannot be its own parent', 'Hindi maaaring maging sariling magulang ang isang departamento', 'Departemen tidak dapat menjadi induknya sendiri', 'कोई विभाग स्वयं अपना मूल विभाग नहीं हो सकता', 'Відділ не може бути власним батьківським', 'Un departamento no puede ser su propio padre'],
  ['Only a top-level division can be a parent', 'Isang pinakamataas na dibisyon lamang ang maaaring maging magulang', 'Hanya divisi tingkat teratas yang dapat menjadi induk', 'केवल शीर्ष-स्तरीय प्रभाग ही मूल हो सकता है', 'Батьківським може бути лише підрозділ верхнього рівня', 'Solo una división de nivel superior puede ser padre'],
  ['The chosen parent division does not exist', 'Walang ganoong dibisyong pinili bilang magulang', 'Divisi induk yang dipilih tidak ada', 'चुना गया मूल प्रभाग मौजूद नहीं है', 'Вибраного батьківського підрозділу не існує', 'La división padre elegida no existe'],
  ['Cannot delete this department: SOPs were just filed in it. Move them to another department first', 'Hindi mabura ang departamentong ito: may mga SOP na kailalagay lang dito. Ilipat muna ang mga ito sa ibang departamento', 'Departemen ini tidak dapat dihapus: SOP baru saja dimasukkan ke dalamnya. Pindahkan dulu ke departemen lain', 'यह विभाग हटाया नहीं जा सकता: इसमें अभी-अभी SOP रखी गई हैं। पहले उन्हें किसी दूसरे विभाग में ले जाएँ', 'Цей відділ не можна видалити: до нього щойно додано СОП. Спершу перемістіть їх до іншого відділу', 'No se puede eliminar este departamento: se acaban de archivar SOP en él. Muévalos antes a otro departamento'],
  ['Code is required', 'Kailangan ang code', 'Kode wajib diisi', 'कोड आवश्यक है', 'Потрібно вказати код', 'El código es obligatorio'],
  ['Code must be 2 to 16 of the capital letters A-Z, the digits 0-9 and -', 'Ang code ay dapat 2 hanggang 16 na malalaking titik A-Z, numerong 0-9 at -', 'Kode harus 2 sampai 16 karakter berupa huruf kapital A-Z, angka 0-9, dan -', 'कोड में बड़े अक्षर A-Z, अंक 0-9 और - के 2 से 16 वर्ण होने चाहिए', 'Код має складатися з 2–16 символів: великих літер A-Z, цифр 0-9 і -', 'El código debe tener de 2 a 16 caracteres entre mayúsculas A-Z, dígitos 0-9 y -'],
  ['The last day cannot be before the first day', 'Hindi maaaring mauna ang huling araw sa unang araw', 'Hari terakhir tidak boleh sebelum hari pertama', 'अंतिम दिन पहले दिन से पहले नहीं हो सकता', 'Останній день не може бути раніше за перший', 'El último día no puede ser anterior al primero'],
  ['This absence has already ended; the last day must be today or later', 'Tapos na ang pagliban na ito; ang huling araw ay dapat ngayon o mas huli', 'Ketidakhadiran ini sudah berakhir; hari terakhir harus hari ini atau sesudahnya', 'यह अनुपस्थिति पहले ही समाप्त हो चुकी है; अंतिम दिन आज या उसके बाद का होना चाहिए', 'Ця відсутність уже закінчилася; останній день має бути сьогодні або пізніше', 'Esta ausencia ya terminó; el último día debe ser hoy o posterior'],
  ['Enter at least one recipient', 'Maglagay ng kahit isang tatanggap', 'Masukkan minimal satu penerima', 'कम से कम एक प्राप्तकर्ता दर्ज करें', 'Укажіть щонайменше одного одержувача', 'Introduzca al menos un destinatario'],
  ['Message must be at most 20000 characters', 'Hindi dapat lumampas sa 20000 character ang mensahe', 'Pesan maksimal 20000 karakter', 'संदेश अधिकतम 20000 अक्षरों का हो सकता है', 'Повідомлення може містити щонайбільше 20000 символів', 'El mensaje debe tener como máximo 20000 caracteres'],
  ['Subject must be at most 200 characters', 'Hindi dapat lumampas sa 200 character ang paksa', 'Subjek maksimal 200 karakter', 'विषय अधिकतम 200 अक्षरों का हो सकता है', 'Тема може містити щонайбільше 200 символів', 'El asunto debe tener como máximo 200 caracteres'],
  ['Name at least one kind of notification e-mail', 'Pangalanan ang kahit isang uri ng notification e-mail', 'Sebutkan minimal satu jenis e-mail notifikasi', 'कम से कम एक प्रकार का सूचना ई-मेल बताएँ', 'Назвіть щонайменше один вид сповіщень електронною поштою', 'Indique al menos un tipo de correo de notificación'],
  ['Each switch must be true or false', 'Ang bawat switch ay dapat true o false', 'Setiap sakelar harus true atau false', 'हर स्विच true या false होना चाहिए', 'Кожен перемикач має бути true або false', 'Cada interruptor debe ser true o false'],
  ['Nothing to change: send at least one field', 'Walang babaguhin: magpadala ng kahit isang field', 'Tidak ada yang diubah: kirim minimal satu kolom', 'बदलने के लिए कुछ नहीं: कम से कम एक फ़ील्ड भेजें', 'Нічого змінювати: надішліть щонайменше одне поле', 'Nada que cambiar: envíe al menos un campo'],
  ['Name a setting to change: registrationOpen, ssoCreatesAccounts or requireSignatures', 'Pangalanan ang setting na babaguhin: registrationOpen, ssoCreatesAccounts o requireSignatures', 'Sebutkan pengaturan yang akan diubah: registrationOpen, ssoCreatesAccounts, atau requireSignatures', 'बदलने के लिए कोई सेटिंग बताएँ: registrationOpen, ssoCreatesAccounts या requireSignatures', 'Назвіть налаштування для зміни: registrationOpen, ssoCreatesAccounts або requireSignatures', 'Indique un ajuste que cambiar: registrationOpen, ssoCreatesAccounts o requireSignatures'],
  ['This is a ship copy: the office owns this record, so the change is made ashore and reaches the ship with the next update.', 'Kopya ito ng barko: ang opisina ang may-ari ng rekord na ito, kaya sa pampang ginagawa ang pagbabago at darating ito sa barko sa susunod na update.', 'Ini salinan kapal: kantor pemilik catatan ini, jadi perubahan dibuat di darat dan sampai ke kapal pada pembaruan berikutnya.', 'यह जहाज़ की प्रति है: यह रिकॉर्ड कार्यालय का है, इसलिए बदलाव तट पर किया जाता है और अगले अपडेट के साथ जहाज़ तक पहुँचता है।', 'Це копія судна: цей запис належить офісу, тож зміну вносять на березі, і вона надходить на судно з наступним оновленням.', 'Esta es una copia del buque: el registro pertenece a la oficina, así que el cambio se hace en tierra y llega al buque con la próxima actualización.'],
  // The server itself
  ['Something went wrong on the server. Please try again.', 'Nagkaproblema sa server. Pakisubukang muli.', 'Terjadi kesalahan di server. Silakan coba lagi.', 'सर्वर पर कुछ गड़बड़ हो गई। कृपया फिर से प्रयास करें।', 'На сервері сталася помилка. Спробуйте ще раз.', 'Algo salió mal en el servidor. Inténtelo de nuevo.'],
  ['Someone else changed the same records at the same moment, so this change was not saved. Please try again.', 'May ibang nagbago ng parehong mga rekord sa parehong sandali, kaya hindi na-save ang pagbabagong ito. Pakisubukang muli.', 'Orang lain mengubah catatan yang sama pada saat yang sama, jadi perubahan ini tidak disimpan. Silakan coba lagi.', 'किसी और ने उसी समय वही रिकॉर्ड बदल दिए, इसलिए यह बदलाव सहेजा नहीं गया। कृपया फिर से प्रयास करें।', 'Хтось інший одночасно змінив ті самі записи, тому цю зміну не збережено. Спробуйте ще раз.', 'Otra persona cambió los mismos registros en el mismo momento, así que este cambio no se guardó. Inténtelo de nuevo.'],
  ['The request holds a value the database cannot store (for example a U+0000 character or a number out of range)', 'May halaga sa kahilingan na hindi maiimbak ng database (halimbawa, isang U+0000 na character o numerong lampas sa saklaw)', 'Permintaan berisi nilai yang tidak dapat disimpan basis data (misalnya karakter U+0000 atau angka di luar jangkauan)', 'अनुरोध में ऐसा मान है जिसे डेटाबेस सहेज नहीं सकता (जैसे U+0000 वर्ण या सीमा से बाहर की संख्या)', 'Запит містить значення, яке база даних не може зберегти (наприклад, символ U+0000 або число поза допустимим діапазоном)', 'La solicitud contiene un valor que la base de datos no puede guardar (por ejemplo, un carácter U+0000 o un número fuera de rango)'],
  // Administrators' filters (audit log) and switches
  ['action must be at most 60 characters', 'Hindi dapat lumampas sa 60 character ang action', 'action maksimal 60 karakter', 'action अधिकतम 60 अक्षरों का हो सकता है', 'action може містити щонайбільше 60 символів', 'action debe tener como máximo 60 caracteres'],
  ['action must not be empty', 'Hindi dapat walang laman ang action', 'action tidak boleh kosong', 'action खाली नहीं होना चाहिए', 'action не може бути порожнім', 'action no debe estar vacío'],
  ['entityType must be at most 40 characters', 'Hindi dapat lumampas sa 40 character ang entityType', 'entityType maksimal 40 karakter', 'entityType अधिकतम 40 अक्षरों का हो सकता है', 'entityType може містити щонайбільше 40 символів', 'entityType debe tener como máximo 40 caracteres'],
  ['entityType must not be empty', 'Hindi dapat walang laman ang entityType', 'entityType tidak boleh kosong', 'entityType खाली नहीं होना चाहिए', 'entityType не може бути порожнім', 'entityType no debe estar vacío'],
  ['from must not be after to', 'Hindi dapat mas huli ang from kaysa sa to', 'from tidak boleh setelah to', 'from, to के बाद का नहीं होना चाहिए', 'from не може бути пізніше за to', 'from no debe ser posterior a to'],
  ['limit must be a whole number from 1 to 100', 'Ang limit ay dapat buong numero mula 1 hanggang 100', 'limit harus bilangan bulat dari 1 sampai 100', 'limit 1 से 100 तक की पूर्ण संख्या होनी चाहिए', 'limit має бути цілим числом від 1 до 100', 'limit debe ser un número entero de 1 a 100'],
  ['scope must be admin', 'Ang scope ay dapat admin', 'scope harus admin', 'scope admin होना चाहिए', 'scope має бути admin', 'scope debe ser admin'],
];

const minutes = (n: string): Words => ({
  fil: `${n} minuto`,
  id: `${n} menit`,
  hi: `${n} मिनट`,
  uk: `${n} ${ukrainianMinutes(Number(n))}`,
  es: `${n} ${n === '1' ? 'minuto' : 'minutos'}`,
});
function ukrainianMinutes(n: number): string {
  const last = n % 10;
  const tens = n % 100;
  if (last === 1 && tens !== 11) return 'хвилину';
  if (last >= 2 && last <= 4 && (tens < 12 || tens > 14)) return 'хвилини';
  return 'хвилин';
}

interface Pattern {
  pattern: RegExp;
  translate: (groups: Record<string, string>) => Words;
}

/** Sentences with a number or a name in them; the name is kept as written. */
const PATTERNS: Pattern[] = [
  {
    pattern: /^Too many wrong passwords\. Try again in (?<n>\d+) minutes?\.$/,
    translate: ({ n }) => {
      const m = minutes(n);
      return {
        fil: `Masyadong maraming maling password. Subukang muli pagkalipas ng ${m.fil}.`,
        id: `Terlalu banyak kata sandi yang salah. Coba lagi dalam ${m.id}.`,
        hi: `बहुत अधिक बार गलत पासवर्ड। ${m.hi} बाद फिर से प्रयास करें।`,
        uk: `Забагато неправильних паролів. Спробуйте ще раз через ${m.uk}.`,
        es: `Demasiadas contraseñas incorrectas. Inténtelo de nuevo dentro de ${m.es}.`,
      };
    },
  },
  {
    pattern: /^Too many failed sign-in attempts\. Try again in (?<n>\d+) minutes?\.$/,
    translate: ({ n }) => {
      const m = minutes(n);
      return {
        fil: `Masyadong maraming bigong pagtatangkang mag-sign in. Subukang muli pagkalipas ng ${m.fil}.`,
        id: `Terlalu banyak percobaan masuk yang gagal. Coba lagi dalam ${m.id}.`,
        hi: `साइन इन के बहुत अधिक असफल प्रयास। ${m.hi} बाद फिर से प्रयास करें।`,
        uk: `Забагато невдалих спроб входу. Спробуйте ще раз через ${m.uk}.`,
        es: `Demasiados intentos fallidos de inicio de sesión. Inténtelo de nuevo dentro de ${m.es}.`,
      };
    },
  },
  {
    pattern: /^Too many failed signatures\. Try again in (?<n>\d+) minutes?\.$/,
    translate: ({ n }) => {
      const m = minutes(n);
      return {
        fil: `Masyadong maraming bigong paglagda. Subukang muli pagkalipas ng ${m.fil}.`,
        id: `Terlalu banyak tanda tangan yang gagal. Coba lagi dalam ${m.id}.`,
        hi: `बहुत अधिक असफल हस्ताक्षर। ${m.hi} बाद फिर से प्रयास करें।`,
        uk: `Забагато невдалих підписів. Спробуйте ще раз через ${m.uk}.`,
        es: `Demasiadas firmas fallidas. Inténtelo de nuevo dentro de ${m.es}.`,
      };
    },
  },
  {
    pattern: /^Too many failed attempts\. Try again in (?<n>\d+) minutes?\.$/,
    translate: ({ n }) => {
      const m = minutes(n);
      return {
        fil: `Masyadong maraming bigong pagtatangka. Subukang muli pagkalipas ng ${m.fil}.`,
        id: `Terlalu banyak percobaan yang gagal. Coba lagi dalam ${m.id}.`,
        hi: `बहुत अधिक असफल प्रयास। ${m.hi} बाद फिर से प्रयास करें।`,
        uk: `Забагато невдалих спроб. Спробуйте ще раз через ${m.uk}.`,
        es: `Demasiados intentos fallidos. Inténtelo de nuevo dentro de ${m.es}.`,
      };
    },
  },
  {
    pattern: /^Too many registrations from this address\. Try again in (?<n>\d+) minutes?\.$/,
    translate: ({ n }) => {
      const m = minutes(n);
      return {
        fil: `Masyadong maraming pagpaparehistro mula sa address na ito. Subukang muli pagkalipas ng ${m.fil}.`,
        id: `Terlalu banyak pendaftaran dari alamat ini. Coba lagi dalam ${m.id}.`,
        hi: `इस पते से बहुत अधिक पंजीकरण। ${m.hi} बाद फिर से प्रयास करें।`,
        uk: `Забагато реєстрацій з цієї адреси. Спробуйте ще раз через ${m.uk}.`,
        es: `Demasiados registros desde esta dirección. Inténtelo de nuevo dentro de ${m.es}.`,
      };
    },
  },
  {
    pattern: /^A link was sent a moment ago\. Check your mail, or ask again in (?<n>\d+) minutes?\.$/,
    translate: ({ n }) => {
      const m = minutes(n);
      return {
        fil: `May ipinadalang link kani-kanina lang. Tingnan ang mail mo, o humingi muli pagkalipas ng ${m.fil}.`,
        id: `Tautan baru saja dikirim. Periksa surel Anda, atau minta lagi dalam ${m.id}.`,
        hi: `अभी-अभी एक लिंक भेजा गया है। अपना मेल देखें, या ${m.hi} बाद फिर से माँगें।`,
        uk: `Посилання щойно надіслано. Перевірте пошту або попросіть знову через ${m.uk}.`,
        es: `Se envió un enlace hace un momento. Revise su correo o vuelva a pedirlo dentro de ${m.es}.`,
      };
    },
  },
  {
    pattern: /^(?<name>active|archive|noApprovedVersion|registrationOpen|requireSignatures|ssoCreatesAccounts) must be true or false$/,
    translate: ({ name }) => ({
      fil: `Ang ${name} ay dapat true o false`,
      id: `${name} harus true atau false`,
      hi: `${name} true या false होना चाहिए`,
      uk: `${name} має бути true або false`,
      es: `${name} debe ser true o false`,
    }),
  },
  {
    pattern: /^"(?<file>.+)" is empty$/,
    translate: ({ file }) => ({
      fil: `Walang laman ang "${file}"`,
      id: `"${file}" kosong`,
      hi: `"${file}" खाली है`,
      uk: `Файл "${file}" порожній`,
      es: `"${file}" está vacío`,
    }),
  },
  {
    pattern: /^Version (?<version>.+) already exists for this SOP; choose another version number$/,
    translate: ({ version }) => ({
      fil: `May bersyon ${version} na ang SOP na ito; pumili ng ibang numero ng bersyon`,
      id: `Versi ${version} sudah ada untuk SOP ini; pilih nomor versi lain`,
      hi: `इस SOP का संस्करण ${version} पहले से मौजूद है; कोई दूसरी संस्करण संख्या चुनें`,
      uk: `Версія ${version} для цієї СОП уже існує; виберіть інший номер версії`,
      es: `La versión ${version} ya existe para este SOP; elija otro número de versión`,
    }),
  },
  {
    pattern: /^You already have (?<n>\d+) uploads in progress\. Please wait for one to finish, then retry\.$/,
    translate: ({ n }) => ({
      fil: `May ${n} upload ka nang isinasagawa. Hintaying matapos ang isa, saka subukang muli.`,
      id: `Anda sudah memiliki ${n} unggahan yang sedang berjalan. Tunggu salah satunya selesai, lalu coba lagi.`,
      hi: `आपके ${n} अपलोड पहले से चल रहे हैं। किसी एक के पूरा होने की प्रतीक्षा करें, फिर से प्रयास करें।`,
      uk: `У вас уже триває завантажень: ${n}. Дочекайтеся завершення одного з них і спробуйте знову.`,
      es: `Ya tiene ${n} subidas en curso. Espere a que termine una y vuelva a intentarlo.`,
    }),
  },
  {
    pattern: /^At most (?<n>\d+) files can be uploaded at once$/,
    translate: ({ n }) => ({
      fil: `Hanggang ${n} file lamang ang maaaring i-upload nang sabay-sabay`,
      id: `Paling banyak ${n} berkas dapat diunggah sekaligus`,
      hi: `एक बार में अधिकतम ${n} फ़ाइलें अपलोड की जा सकती हैं`,
      uk: `Одночасно можна завантажити щонайбільше ${n} файлів`,
      es: `Como máximo se pueden subir ${n} archivos a la vez`,
    }),
  },
  {
    pattern: /^Choose one of the languages: (?<codes>.+)$/,
    translate: ({ codes }) => ({
      fil: `Pumili ng isa sa mga wika: ${codes}`,
      id: `Pilih salah satu bahasa: ${codes}`,
      hi: `इनमें से कोई एक भाषा चुनें: ${codes}`,
      uk: `Виберіть одну з мов: ${codes}`,
      es: `Elija uno de los idiomas: ${codes}`,
    }),
  },
];

const TABLE = new Map<string, Words>(SENTENCES.map(([en, fil, id, hi, uk, es]) => [en, { fil, id, hi, uk, es }]));

/** The English sentences the table translates as written (for the coverage test). */
export const TRANSLATED_SENTENCES: readonly string[] = SENTENCES.map((row) => row[0]);

function translateSentence(sentence: string, language: TranslatedLanguage): string {
  const exact = TABLE.get(sentence);
  if (exact) return exact[language];
  for (const { pattern, translate } of PATTERNS) {
    const match = pattern.exec(sentence);
    if (match) return translate(match.groups ?? {})[language];
  }
  return sentence;
}

/** A refusal's message in the language given; English, or a sentence not in the table, stays as it is. */
export function translateMessage(message: string, language: LanguageCode): string {
  if (language === 'en') return message;
  const whole = translateSentence(message, language);
  if (whole !== message || !message.includes('; ')) return whole;
  // Several schema refusals: each sentence on its own (a sentence with its own '; ' is found whole above).
  return message
    .split('; ')
    .map((sentence) => translateSentence(sentence, language))
    .join('; ');
}

/** Whether the table or a pattern translates a sentence (for the coverage test). */
export const isTranslated = (sentence: string): boolean => TRANSLATED_LANGUAGES.every((language) => translateSentence(sentence, language) !== sentence);
