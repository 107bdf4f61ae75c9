import type { Meta, StoryObj } from '@storybook/react-vite';
import tokensCss from '../../screens/theme/design-tokens.css?raw';
import { Wordmark } from '../../screens/brand/wordmark';
import { parseDesignTokens, type DesignToken } from './parse-design-tokens';

/**
 * The design tokens, listed from screens/theme/design-tokens.css itself (imported as text), so this
 * page shows exactly what the screens use. Groups follow the file's section comments.
 */
const groups = parseDesignTokens(tokensCss);

function TokensPage() {
  return (
    <div style={{ padding: 'var(--space-8)', maxWidth: 960, margin: '0 auto', display: 'flex', flexDirection: 'column', gap: 'var(--space-8)' }}>
      <header style={{ display: 'flex', alignItems: 'center', gap: 'var(--space-4)' }}>
        <Wordmark />
        <h1 style={{ margin: 0, fontSize: 'var(--font-size-3xl)', fontWeight: 'var(--font-weight-heavy)' }}>Design tokens</h1>
      </header>
      {groups.map((group) => (
        <section key={group.title} aria-labelledby={`tokens-${group.title}`}>
          <h2 id={`tokens-${group.title}`} style={{ fontSize: 'var(--font-size-xl)', fontWeight: 'var(--font-weight-bold)' }}>
            {group.title}
          </h2>
          <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 'var(--space-3)' }}>
            {group.tokens.map((token) => (
              <li
                key={token.name}
                style={{ display: 'flex', alignItems: 'center', gap: 'var(--space-3)', padding: 'var(--space-3)', borderRadius: 'var(--radius-md)', background: 'var(--color-surface)', boxShadow: 'var(--shadow-sm)' }}
              >
                <TokenSample token={token} group={group.title} />
                <span style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
                  <code style={{ fontWeight: 'var(--font-weight-bold)' }}>{token.name}</code>
                  <span style={{ color: 'var(--color-ink-muted)', fontSize: 'var(--font-size-xs)', overflowWrap: 'anywhere' }}>{token.value}</span>
                  {token.note ? <span style={{ color: 'var(--color-ink-muted)', fontSize: 'var(--font-size-xs)' }}>{token.note}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** A picture of the token: a swatch, a text sample, a bar, a rounded box or a shadowed card. */
function TokenSample({ token, group }: { readonly token: DesignToken; readonly group: string }) {
  const box = { flex: 'none', width: 48, height: 48 } as const;
  const value = `var(${token.name})`;
  if (group.startsWith('Colour')) return <span style={{ ...box, borderRadius: 'var(--radius-sm)', background: value, border: '1px solid var(--color-border)' }} />;
  if (token.name.startsWith('--font-size')) return <span style={{ ...box, display: 'grid', placeItems: 'center', fontSize: value, fontWeight: 'var(--font-weight-bold)' }}>Aa</span>;
  if (token.name.startsWith('--font-weight')) return <span style={{ ...box, display: 'grid', placeItems: 'center', fontSize: 'var(--font-size-xl)', fontWeight: value }}>Aa</span>;
  if (group === 'Spacing (4 px grid)') return <span style={{ ...box, display: 'flex', alignItems: 'center' }}><span style={{ width: value, height: 12, background: 'var(--color-brand)', borderRadius: 2 }} /></span>;
  if (group === 'Radii') return <span style={{ ...box, borderRadius: value, background: 'var(--color-brand-soft)', border: '2px solid var(--color-brand)' }} />;
  if (group === 'Shadows') return <span style={{ ...box, borderRadius: 'var(--radius-md)', background: 'var(--color-surface)', boxShadow: value }} />;
  return <span style={box} />;
}

const meta = {
  title: 'Foundations/Design tokens',
  component: TokensPage,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof TokensPage>;

export default meta;

export const Tokens: StoryObj<typeof meta> = {};
