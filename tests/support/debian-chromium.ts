/**
 * How every browser run of the project launches Debian's chromium (never a downloaded browser:
 * `playwright install` cannot reach its host here). Without the background-networking flags chromium
 * keeps trying Google's hosts, which this machine's closed network refuses.
 */
export const debianChromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
