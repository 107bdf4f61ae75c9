import './award-badge.css';

/**
 * An award badge: the award's name between two laurel branches (drawn here, no image request). The
 * text stays HTML so it wraps and translates; the laurels are decoration.
 */
export function AwardBadge({ title, subtitle }: { readonly title: string; readonly subtitle: string }) {
  return (
    <div className="award-badge">
      <Laurel />
      <p className="award-badge__text">
        <span className="award-badge__subtitle">{subtitle}</span>
        <strong className="award-badge__title">{title}</strong>
      </p>
      <Laurel mirrored />
    </div>
  );
}

function Laurel({ mirrored = false }: { readonly mirrored?: boolean }) {
  const leaves = [0, 1, 2, 3, 4];
  return (
    <svg
      className="award-badge__laurel"
      viewBox="0 0 24 64"
      width="18"
      height="48"
      aria-hidden="true"
      focusable="false"
      style={mirrored ? { transform: 'scaleX(-1)' } : undefined}
    >
      <path d="M18 62 C6 50 4 30 12 4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      {leaves.map((leaf) => {
        const y = 54 - leaf * 11;
        const x = 12 - Math.sin((leaf / 4) * 1.2) * 4;
        return <ellipse key={leaf} cx={x - 3} cy={y} rx="5" ry="2.4" transform={`rotate(-35 ${x - 3} ${y})`} fill="currentColor" />;
      })}
    </svg>
  );
}
