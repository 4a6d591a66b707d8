// Gives a running Chromium (remote debugging on the port given) the signed-in session and the
// interface language as cookies, the way a crew member's phone holds them, so Lighthouse
// measures the screen they see and not the sign-in page. Lighthouse's extra headers reach the
// page's own document only: the app's fetches went without the session and were answered 401.
import { chromium } from '@playwright/test';

const [port, base, cookie, language] = process.argv.slice(2);
const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
const [name, ...value] = cookie.split('=');
const cookies = [{ name, value: value.join('='), url: base, httpOnly: true, sameSite: 'Lax' }];
if (language) cookies.push({ name: 'sop-harbor-language', value: language, url: base, sameSite: 'Lax' });
await browser.contexts()[0].addCookies(cookies);
await browser.close();
