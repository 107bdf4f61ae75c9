/**
 * How every browser run of the project launches Debian's chromium (never a downloaded browser:
 * `playwright install` cannot reach its host here). Without the background-networking flags chromium
 * keeps trying Google's hosts, which this machine's closed network refuses.
 */
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The full browser visitors run, headless: for the benches (numbers a visitor would see) and the phone
 * screenshots.
 */
export const debianChromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args,
};

/**
 * The test runs' browser: Debian's chromium-headless-shell, the same Chromium built for headless use
 * (Playwright's own default for headless chromium). The same walk of the funnel took 20 % less CPU than
 * with the full browser in headless mode (67 s against 83-87 s busy, docs/testing.md "Time"), and the
 * browser stage is bound by the two cores.
 */
export const debianHeadlessChromium = {
  executablePath: process.env.CHROMIUM_HEADLESS_PATH ?? '/usr/bin/chromium-headless-shell',
  args,
};
