/** A circular progress indicator with its percent label (spec 2 §2 "Device registration step"). */
export function ProgressRing({ percent, label }: { percent: number; label: string }) {
  const r = 52;
  const c = 2 * Math.PI * r;
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="progress-ring"
    >
      <svg viewBox="0 0 120 120" width="160" height="160" aria-hidden="true">
        <circle cx="60" cy="60" r={r} fill="none" stroke="#e0e0e0" strokeWidth="10" />
        <circle
          cx="60"
          cy="60"
          r={r}
          fill="none"
          stroke="var(--ion-color-primary, #3880ff)"
          strokeWidth="10"
          strokeDasharray={c}
          strokeDashoffset={c * (1 - value / 100)}
          transform="rotate(-90 60 60)"
          style={{ transition: 'stroke-dashoffset 750ms ease' }}
        />
      </svg>
      <span className="progress-ring__label" data-testid="progress-percent">
        {value}%
      </span>
    </div>
  );
}
