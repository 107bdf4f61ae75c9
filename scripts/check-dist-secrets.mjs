// Fails (exit 1) when the built client contains a secret-looking value: the JWT secret, a JWT with
// role service_role, Stripe-style secret keys (sk_..., rk_...), or the RevenueCat secret key.
// Usage: node scripts/check-dist-secrets.mjs [distDir]   (default: $DIST_DIR or dist)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const distDir = resolve(process.argv[2] ?? process.env.DIST_DIR ?? join(root, 'dist'));

/** The local default secrets, read from server/config.ts so there is one definition. */
function localDefaults() {
  const source = readFileSync(join(root, 'server/config.ts'), 'utf8');
  return [...source.matchAll(/export const LOCAL_[A-Z_]+ = '([^']+)'/g)].map((match) => match[1]);
}

const exactSecrets = [
  ...localDefaults(),
  process.env.JWT_SECRET,
  process.env.REVENUECAT_SECRET_KEY,
  process.env.STRIPE_SECRET_KEY,
  process.env.STRIPE_WEBHOOK_SECRET,
].filter((value) => typeof value === 'string' && value.length >= 8);

const patterns = [
  { name: 'Stripe-style secret key', regex: /\b(?:sk|rk)_(?:live|test|local)_[A-Za-z0-9_]{6,}/g },
  { name: 'Stripe webhook secret', regex: /\bwhsec_[A-Za-z0-9]{8,}/g },
];
const jwtPattern = /eyJ[A-Za-z0-9_-]+\.(eyJ[A-Za-z0-9_-]+)\.[A-Za-z0-9_-]+/g;

function files(dir) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    console.error(`check-dist-secrets: ${dir} does not exist (build first)`);
    process.exit(2);
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

function redact(value) {
  return `${value.slice(0, 6)}...(${value.length} chars)`;
}

const findings = [];
for (const file of files(distDir)) {
  const text = readFileSync(file, 'latin1');
  const where = relative(root, file);
  for (const secret of exactSecrets) if (text.includes(secret)) findings.push(`${where}: contains a configured secret ${redact(secret)}`);
  for (const { name, regex } of patterns) for (const match of text.matchAll(regex)) findings.push(`${where}: ${name} ${redact(match[0])}`);
  for (const match of text.matchAll(jwtPattern)) {
    try {
      const payload = JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8'));
      if (payload.role === 'service_role') findings.push(`${where}: a service_role JWT ${redact(match[0])}`);
    } catch {
      // Not a JSON payload: not a JWT this stack would issue.
    }
  }
}

if (findings.length > 0) {
  console.error(`check-dist-secrets: ${findings.length} secret-looking value(s) in ${relative(root, distDir) || distDir}:`);
  for (const finding of findings) console.error(`  ${finding}`);
  process.exit(1);
}
console.log(`check-dist-secrets: no secrets in ${relative(root, distDir) || distDir}`);
