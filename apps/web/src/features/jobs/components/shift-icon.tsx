/** Sun for days, moon for nights, both for days or nights. */
export function ShiftIcon({ category }: { category: number }) {
  const sun = (
    <svg key="s" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <circle cx="12" cy="12" r="5" fill="#d97706" />
      <path d="M12 1v3M12 20v3M1 12h3M20 12h3M4 4l2 2M18 18l2 2M4 20l2-2M18 6l2-2" stroke="#d97706" strokeWidth="2" />
    </svg>
  );
  const moon = (
    <svg key="m" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path d="M20 15A8 8 0 0 1 9 4a8 8 0 1 0 11 11z" fill="#475569" />
    </svg>
  );
  if (category === 1) return sun;
  if (category === 2) return moon;
  return (
    <>
      {sun}
      {moon}
    </>
  );
}
