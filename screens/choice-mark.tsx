/** The tick at the end of an option (single choice and multi-select); decoration, hidden from screen readers. */
export function ChoiceMark() {
  return (
    <span className="choice__mark" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="16" height="16" focusable="false">
        <path d="M5 12.5l4.2 4.2L19 7" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
