/**
 * The two icons the always-loaded shell needs, inline, so lucide-react stays out of the entry
 * bundle (screens loaded on demand use lucide-react freely).
 */
const common = {
  width: 22,
  height: 22,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
};

export function CloseIcon() {
  return (
    <svg {...common} aria-hidden="true">
      <path d="M18 6 6 18M6 6l12 12" />
    </svg>
  );
}

export function MenuIcon() {
  return (
    <svg {...common} aria-hidden="true">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}
